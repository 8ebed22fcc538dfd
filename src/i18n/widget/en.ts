/** The widget view's words in English: the source every other language translates. */
export const en = {
  'widget.loading': 'Loading…',
  'widget.chooseFile': 'Open the settings to choose a file from your drive.',
  'widget.privateFile': 'This file is private: visitors to your site will not see it. Share it in the settings.',
  'widget.loadFailed': 'The file could not be loaded. It will show again once the connection is back.',
  /** The drive viewer's frame, for visitors, when the file's title is unknown: it speaks to no one. */
  'widget.fileTitle': 'Drive file',
  /** A presentation one slide at a time (src/widget/slideDeck.ts); {slide} and {total} are the slide's place. */
  'widget.previousSlide': 'Previous slide',
  'widget.nextSlide': 'Next slide',
  'widget.slidePosition': 'Slide {slide} of {total}',
  /**
   * A rendering's link to what it leaves in the drive (src/widget/moreLinks.ts): pages or slides past
   * the page limit, a sheet's rows or columns past its limits; {from} and {to} are the drive's numbers.
   */
  'widget.morePages': 'Pages {from} to {to} are in the drive',
  'widget.morePage': 'Page {from} is in the drive',
  'widget.moreSlides': 'Slides {from} to {to} are in the drive',
  'widget.moreSlide': 'Slide {from} is in the drive',
  'widget.moreRows': 'The whole sheet, with rows {from} to {to}, is in the drive',
  'widget.moreRow': 'The whole sheet, with row {from}, is in the drive',
  'widget.moreColumns': 'The whole sheet, with more columns, is in the drive',
} as const;

export type WidgetSource = typeof en;
