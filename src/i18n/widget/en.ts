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
} as const;

export type WidgetSource = typeof en;
