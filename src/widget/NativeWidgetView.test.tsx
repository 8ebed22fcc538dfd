/**
 * The owner's React page with a presentation as part of the page: the deck follows the Design
 * tab's slide view as the owner changes it (slideDeck.ts on the rendered article).
 */
import { render, screen } from '@testing-library/react';
import { defaultUserModel, type UserModel } from '../contract/userModel';
import { widgetTranslatorFor } from '../i18n/widget/everyLanguage';
import { NativeWidgetView } from './NativeWidgetView';

const DECK = `<div class="dfw-pages" data-kind="slides">${['Agenda', 'Money', 'Thanks']
  .map(
    (text, i) =>
      `<figure class="dfw-page"><img src="/i/${i}.png" width="1280" height="720" alt=""><figcaption class="dfw-page-text">${text}</figcaption></figure>`,
  )
  .join('')}</div>`;
const content = { fileId: 'doc-1', html: DECK };
const model = (slideView: UserModel['slideView']): UserModel => ({
  ...defaultUserModel(),
  activeFileId: 'doc-1',
  activeFileTitle: 'Annual review',
  activeFileMimeType: 'application/vnd.google-apps.document',
  activeFilePerm: 'reader',
  slideView,
});
const shown = () => Array.from(document.querySelectorAll('figure:not([hidden])'), (figure) => figure.textContent);

it('shows one slide at a time, then all again, as the owner changes the slide view', () => {
  const view = render(<NativeWidgetView model={model('one')} viewMode="editor" error={null} content={content} />);
  expect(shown()).toEqual(['Agenda']);
  expect(screen.getByRole('region', { name: 'Annual review' })).toBeInTheDocument();
  screen.getByRole('button', { name: 'Next slide' }).click();
  expect(shown()).toEqual(['Money']);
  view.rerender(<NativeWidgetView model={model('all')} viewMode="editor" error={null} content={content} />);
  expect(shown()).toEqual(['Agenda', 'Money', 'Thanks']);
  expect(screen.queryByRole('button')).toBeNull();
  view.rerender(<NativeWidgetView model={model('one')} viewMode="editor" error={null} content={content} />);
  expect(shown()).toEqual(['Agenda']);
});

it("says the link to the rest of a sheet in the drive in the widget's language", () => {
  const sheet = `<div class="dfw-sheets"><p class="dfw-more"><a href="https://docs.google.com/spreadsheets/d/doc-1/edit#gid=0" target="_blank" rel="noopener noreferrer nofollow" data-more="rows" data-from="1001" data-to="1500"></a></p></div>`;
  const fr = { ...model('all'), locale: 'fr' };
  render(<NativeWidgetView model={fr} viewMode="editor" error={null} content={{ fileId: 'doc-1', html: sheet }} i18n={widgetTranslatorFor('fr')} />);
  const link = screen.getByRole('link', { name: 'La feuille entière, avec les lignes 1\u202f001 à 1\u202f500, est dans Drive' });
  expect(link.getAttribute('href')).toBe('https://docs.google.com/spreadsheets/d/doc-1/edit#gid=0');
});
