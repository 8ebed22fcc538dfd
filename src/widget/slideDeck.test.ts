/**
 * A presentation one slide at a time, on the markup the server stores for a deck (a
 * `.dfw-pages[data-kind="slides"]` of figures, each an image and its text), driven as a keyboard,
 * pointer and touch user would.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enhanceDecks } from './slideDeck';

const TEXTS = ['Riverside Community Garden', 'Agenda', 'The year in numbers', 'Waiting list'];

const figure = (text: string, i: number) =>
  `<figure class="dfw-page"><img src="/img/${i}-640.png" srcset="/img/${i}-640.png 640w, /img/${i}-1280.png 1280w" sizes="100vw" width="1280" height="720" alt="" decoding="async"${i ? ' loading="lazy"' : ''}><figcaption class="dfw-page-text">${text}</figcaption></figure>`;
const stored = (kind = 'slides') => `<div class="dfw-pages" data-kind="${kind}">${TEXTS.map(figure).join('')}</div>`;

const ENGLISH = { 'data-previous': 'Previous slide', 'data-next': 'Next slide', 'data-position': 'Slide {slide} of {total}' };

function draw(html: string, attrs: Record<string, string> = { 'data-slide-view': 'one', ...ENGLISH }): HTMLElement {
  const article = document.createElement('article');
  article.setAttribute('aria-label', 'Annual review');
  for (const [name, value] of Object.entries(attrs)) article.setAttribute(name, value);
  article.innerHTML = html;
  document.body.replaceChildren(article);
  enhanceDecks(article);
  return article;
}

const shownTexts = () => TEXTS.filter((text) => screen.getByText(text, { ignore: '[aria-live]' }).closest('figure')!.hidden === false);

it('shows one slide at a time, named by its place, with previous and next disabled at the ends', async () => {
  const user = userEvent.setup();
  draw(stored());
  const deck = screen.getByRole('region', { name: 'Annual review' });
  expect(within(deck).getByRole('group', { name: 'Slide 1 of 4' })).toHaveTextContent('Riverside Community Garden');
  expect(shownTexts()).toEqual(['Riverside Community Garden']);
  const previous = screen.getByRole('button', { name: 'Previous slide' });
  const next = screen.getByRole('button', { name: 'Next slide' });
  expect(previous).toBeDisabled();
  expect(screen.getByText('Slide 1 of 4', { selector: '[aria-live="polite"]' })).toBeInTheDocument();
  await user.click(next);
  expect(shownTexts()).toEqual(['Agenda']);
  expect(screen.getByText('Slide 2 of 4', { selector: '[aria-live="polite"]' })).toBeInTheDocument();
  expect(previous).toBeEnabled();
  await user.click(next);
  await user.click(next);
  expect(shownTexts()).toEqual(['Waiting list']);
  expect(next).toBeDisabled();
  // The button disabled under the focus hands it to the deck, not to the page.
  expect(deck).toHaveFocus();
  await user.click(previous);
  expect(shownTexts()).toEqual(['The year in numbers']);
});

it('turns slides with the arrow keys, Home and End while the deck has focus', async () => {
  const user = userEvent.setup();
  draw(stored());
  await user.tab();
  expect(screen.getByRole('region', { name: 'Annual review' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(shownTexts()).toEqual(['Agenda']);
  await user.keyboard('{End}');
  expect(shownTexts()).toEqual(['Waiting list']);
  await user.keyboard('{ArrowRight}');
  expect(shownTexts()).toEqual(['Waiting list']);
  await user.keyboard('{ArrowLeft}');
  expect(shownTexts()).toEqual(['The year in numbers']);
  await user.keyboard('{Home}');
  expect(shownTexts()).toEqual(['Riverside Community Garden']);
  // From the next button, the keys still turn slides.
  await user.tab();
  expect(screen.getByRole('button', { name: 'Next slide' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(shownTexts()).toEqual(['Agenda']);
});

/** A pointer event as a browser sends it (jsdom has no PointerEvent: a mouse event with the pointer's fields). */
function pointer(target: Element, type: string, pointerType: string, clientX: number, clientY: number) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX, clientY });
  Object.defineProperties(event, { pointerId: { value: 7 }, pointerType: { value: pointerType } });
  target.dispatchEvent(event);
}

const swipe = (target: Element, from: number, to: number, pointerType = 'touch', dy = 0) => {
  pointer(target, 'pointerdown', pointerType, from, 100);
  pointer(target, 'pointerup', pointerType, to, 100 + dy);
};

it('turns slides with a sideways swipe by touch; not with a short, a vertical or a mouse drag', () => {
  draw(stored());
  const slide = screen.getByRole('group', { name: 'Slide 1 of 4' });
  swipe(slide, 300, 100);
  expect(shownTexts()).toEqual(['Agenda']);
  swipe(slide, 300, 280);
  swipe(slide, 300, 240, 'touch', 200);
  swipe(slide, 300, 100, 'mouse');
  expect(shownTexts()).toEqual(['Agenda']);
  swipe(slide, 100, 300);
  expect(shownTexts()).toEqual(['Riverside Community Garden']);
});

it('names the controls in the words the article gives (the widget’s language)', () => {
  draw(stored(), { 'data-slide-view': 'one', 'data-previous': 'Vorherige Folie', 'data-next': 'Nächste Folie', 'data-position': 'Folie {slide} von {total}' });
  expect(screen.getByRole('button', { name: 'Nächste Folie' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Folie 1 von 4' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /slide/i })).toBeNull();
});

it('leaves every slide one under another when the article does not ask for one at a time, and a PDF always', () => {
  draw(stored(), { 'data-slide-view': 'all' });
  expect(shownTexts()).toEqual(TEXTS);
  expect(screen.queryByRole('button')).toBeNull();
  draw(stored('pdf'));
  expect(screen.queryByRole('button')).toBeNull();
  expect(document.querySelectorAll('figure:not([hidden])')).toHaveLength(4);
});

it('follows the article when the owner changes the setting: all slides again, then one at a time', async () => {
  const user = userEvent.setup();
  const article = draw(stored());
  await user.click(screen.getByRole('button', { name: 'Next slide' }));
  article.dataset.slideView = 'all';
  enhanceDecks(article);
  expect(shownTexts()).toEqual(TEXTS);
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByRole('region')).toBeNull();
  article.dataset.slideView = 'one';
  enhanceDecks(article);
  enhanceDecks(article);
  expect(screen.getAllByRole('button', { name: 'Next slide' })).toHaveLength(1);
  expect(shownTexts()).toEqual(['Riverside Community Garden']);
});
