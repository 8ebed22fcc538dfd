/**
 * A presentation shown as part of the page, one slide at a time when the owner chose so (the
 * Design tab's `slideView`). The stored rendering holds every slide one under another (a
 * `.dfw-pages[data-kind="slides"]` of `figure.dfw-page`), which is what visitors without script
 * and search engines get. The article asks for one at a time with `data-slide-view="one"` and
 * names the controls in the widget's language (`data-previous`, `data-next`, `data-position`,
 * drawn by nativeDrawing.ts). Then: one slide shown, as wide as the page (so as tall as a slide
 * at that width), previous and next buttons (disabled at the ends), a live "Slide 3 of 20", the
 * arrow keys, Home and End while the deck has focus, and a sideways swipe (pointer events). Both
 * visitor pages run it on their content, as sheetTabs.ts: the iframe page's native view
 * (the owner's: native/startNative.ts; the visitor's: visitor/visitorContent.ts) and the custom element's
 * (src/element/nativeElement.ts). Run again, it follows the article: a deck no longer asked for
 * one at a time shows all its slides again.
 */

const SLIDES = '.dfw-pages[data-kind="slides"]';
/** The class of a deck shown one slide at a time (nativeContentStyle.ts draws it). */
export const DECK_ONE = 'dfw-deck-one';
/** The least sideways travel, px, that a swipe turns a slide. */
const SWIPE = 40;

interface DeckWords {
  previous: string;
  next: string;
  /** "Slide {slide} of {total}". */
  position: string;
}

interface Made {
  words: string;
  undo(): void;
}

const decks = new WeakMap<HTMLElement, Made>();

const slidesOf = (pages: Element): HTMLElement[] =>
  Array.from(pages.children).filter((child): child is HTMLElement => child.tagName === 'FIGURE' && child.classList.contains('dfw-page'));

function wordsOf(article: HTMLElement): DeckWords {
  const { previous, next, position } = article.dataset;
  return { previous: previous || 'Previous slide', next: next || 'Next slide', position: position || 'Slide {slide} of {total}' };
}

/** Shows each presentation in `root` as its article asks: one slide at a time, or all (again). */
export function enhanceDecks(root: ParentNode): void {
  for (const pages of Array.from(root.querySelectorAll<HTMLElement>(SLIDES))) {
    const article = pages.closest<HTMLElement>('[data-slide-view]');
    const one = article?.dataset.slideView === 'one';
    const words = one ? wordsOf(article!) : null;
    const made = decks.get(pages);
    if (made && (!words || made.words !== JSON.stringify(words))) {
      made.undo();
      decks.delete(pages);
    }
    const slides = slidesOf(pages);
    if (words && !decks.has(pages) && slides.length > 1) decks.set(pages, { words: JSON.stringify(words), undo: makeDeck(pages, slides, words) });
  }
}

function button(doc: Document, text: string): HTMLButtonElement {
  const made = doc.createElement('button');
  made.type = 'button';
  made.textContent = text;
  return made;
}

/** One slide at a time in `pages`; returns what puts every slide back. */
function makeDeck(pages: HTMLElement, slides: HTMLElement[], words: DeckWords): () => void {
  const doc = pages.ownerDocument;
  const stop = new AbortController();
  const position = (i: number) => words.position.replace('{slide}', String(i + 1)).replace('{total}', String(slides.length));
  const nav = doc.createElement('div');
  nav.className = 'dfw-deck-nav';
  const previous = button(doc, words.previous);
  const next = button(doc, words.next);
  const status = doc.createElement('p');
  status.setAttribute('aria-live', 'polite');
  status.setAttribute('aria-atomic', 'true');
  nav.append(previous, status, next);
  let current = 0;
  const show = (index: number) => {
    current = Math.max(0, Math.min(slides.length - 1, index));
    slides.forEach((slide, i) => (slide.hidden = i !== current));
    const lost = doc.activeElement;
    previous.disabled = current === 0;
    next.disabled = current === slides.length - 1;
    // A button disabled under the focus would drop it to the page: the deck keeps it.
    if ((lost === previous && previous.disabled) || (lost === next && next.disabled)) pages.focus();
    status.textContent = position(current);
  };
  const label = pages.closest('[aria-label]')?.getAttribute('aria-label');
  if (label) {
    pages.setAttribute('role', 'region');
    pages.setAttribute('aria-label', label);
  }
  pages.tabIndex = 0;
  pages.classList.add(DECK_ONE);
  slides.forEach((slide, i) => {
    slide.setAttribute('role', 'group');
    slide.setAttribute('aria-label', position(i));
  });
  previous.addEventListener('click', () => show(current - 1), { signal: stop.signal });
  next.addEventListener('click', () => show(current + 1), { signal: stop.signal });
  listenToKeys(pages, () => current, show, stop.signal);
  listenToSwipes(pages, () => current, show, stop.signal);
  pages.append(nav);
  show(0);
  return () => {
    stop.abort();
    nav.remove();
    pages.classList.remove(DECK_ONE);
    for (const name of ['role', 'aria-label', 'tabindex']) pages.removeAttribute(name);
    for (const slide of slides) {
      slide.hidden = false;
      slide.removeAttribute('role');
      slide.removeAttribute('aria-label');
    }
  };
}

/** Whether "forwards" is to the left (a right-to-left page). */
const rtl = (element: Element) => getComputedStyle(element).direction === 'rtl';

function listenToKeys(pages: HTMLElement, current: () => number, show: (index: number) => void, signal: AbortSignal): void {
  pages.addEventListener(
    'keydown',
    (event) => {
      const forwards = rtl(pages) ? 'ArrowLeft' : 'ArrowRight';
      const backwards = forwards === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
      const to = { [forwards]: current() + 1, [backwards]: current() - 1, Home: 0, End: Number.MAX_SAFE_INTEGER }[event.key];
      if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      show(to);
    },
    { signal },
  );
}

/** A sideways swipe by touch or pen (not a mouse: its drag selects text) turns the slide. */
function listenToSwipes(pages: HTMLElement, current: () => number, show: (index: number) => void, signal: AbortSignal): void {
  let start: { id: number; x: number; y: number } | null = null;
  pages.addEventListener(
    'pointerdown',
    (event) => {
      start = event.pointerType === 'mouse' ? null : { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    { signal },
  );
  pages.addEventListener('pointercancel', () => (start = null), { signal });
  pages.addEventListener(
    'pointerup',
    (event) => {
      if (!start || start.id !== event.pointerId) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) < SWIPE || Math.abs(dx) <= Math.abs(dy)) return;
      const towardsStart = rtl(pages) ? dx < 0 : dx > 0;
      show(current() + (towardsStart ? -1 : 1));
    },
    { signal },
  );
}
