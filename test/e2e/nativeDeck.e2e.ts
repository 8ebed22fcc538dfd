/**
 * A presentation shown one slide at a time (the Design tab's `slideView: 'one'`), in real Chromium,
 * on both models' visitor pages (the stage: nativeStage.ts), from the fake drive's 20-slide deck
 * (server/dev/fakeDrive/exports/slides/deck-20.pdf, its slides' texts in deck-20.json). At 320 px
 * and 1280 px: one slide shown, as wide as the content and as tall as a slide at that width, the
 * widget as tall as that slide and the controls; "Slide 1 of 20" in a live region; Previous and
 * Next buttons found by role and name (disabled at the ends); ArrowRight, ArrowLeft, Home and End
 * on the focused deck; a sideways swipe by touch (CDP's `Input.dispatchTouchEvent`); the shown
 * slide's text is the fixture's. Without script the legacy page shows every slide. No request
 * leaves our hosts. Screenshots: test-results/native-deck-*.png.
 *
 * @e2e-builds production
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { driveId, MIME } from '../../mirage/driveIds';
import { startNativeStage, type NativeStage } from './nativeStage';
import { FAKE_SDK } from './platformHost';

jest.setTimeout(300_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
const OUR_HOSTS = ['localhost', '127.0.0.1', 'static.parastorage.com'];
const PRESENTATION = driveId('file/quarterly-review');
const DECK = JSON.parse(readFileSync(path.resolve(__dirname, '../../server/dev/fakeDrive/exports/slides/deck-20.json'), 'utf8')) as {
  pageSize: { widthPt: number; heightPt: number };
  slides: { title: string; bullets: string[] }[];
};
/** Each slide's words as the fixture holds them (the list markers drawn in the PDF are no words). */
const FIXTURE_TEXTS = DECK.slides.map((slide) => words([slide.title, ...slide.bullets].join(' ')));
const RATIO = DECK.pageSize.heightPt / DECK.pageSize.widthPt;

let stage: NativeStage;
/** A context of its own: touch enabled, the platform's SDK answered by the stand-in as the stage's is. */
let touch: BrowserContext;

function words(text: string): string {
  return text.replace(/•/g, ' ').replace(/\s+/g, ' ').trim();
}

beforeAll(async () => {
  stage = await startNativeStage(
    { activeFileId: PRESENTATION, activeFilePerm: 'reader', activeFileTitle: 'Quarterly review', activeFileMimeType: MIME.presentation, slideView: 'one' },
    // The seed's presentation is private: shared with whoever has the link, as an owner showing it on a site has it.
    (t) => void t.fake.permissions.insert(PRESENTATION, { role: 'reader', type: 'anyone', withLink: true }, null),
  );
  touch = await stage.browser.context.browser()!.newContext({ viewport: { width: 1400, height: 900 }, hasTouch: true });
  await touch.route('https://static.parastorage.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SDK }));
}, 600_000);

afterAll(async () => {
  await touch?.close();
  await stage?.close();
});

function watchOutside(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!OUR_HOSTS.includes(url.hostname)) outside.push(url.host);
  });
  return outside;
}

/** Where the deck is: the legacy widget's frame, or the custom element's shadow root (`host`). */
interface Deck {
  root: Page | Frame;
  /** 'document' for the frame, the element's selector for the custom element. */
  host: string;
}

interface Shown {
  visible: number[];
  status: string | null;
  live: string | null;
  text: string;
  slide: { width: number; height: number; loaded: boolean };
  contentWidth: number;
  pages: number;
  nav: number;
  /** The space between the slide and the controls: the nav's margin and the pages' gap. */
  navSpace: number;
  widget: number;
  main: number;
  previousDisabled: boolean;
  nextDisabled: boolean;
  /** The controls whose words break onto more than one line. */
  wrapped: string[];
}

/** What the deck shows: the visible slides, the live region, the shown slide's text and boxes, the widget's height. */
function shownIn({ root, host }: Deck): Promise<Shown> {
  return root.evaluate((sel) => {
    const scope = sel === 'document' ? document : document.querySelector(sel)!.shadowRoot!;
    const figures = Array.from(scope.querySelectorAll<HTMLElement>('figure.dfw-page'));
    const visible = figures.flatMap((figure, i) => (figure.getBoundingClientRect().height > 0 ? [i] : []));
    const shown = figures[visible[0] ?? 0]!;
    const img = shown.querySelector('img')!;
    const box = img.getBoundingClientRect();
    const live = scope.querySelector('[aria-live]');
    const nav = scope.querySelector('.dfw-deck-nav')!;
    const article = scope.querySelector('article')!;
    const articleStyle = getComputedStyle(article);
    const buttons = Array.from(nav.querySelectorAll('button'));
    const widget = sel === 'document' ? window.innerHeight : document.querySelector(sel)!.getBoundingClientRect().height;
    return {
      visible,
      status: live?.textContent ?? null,
      live: live?.getAttribute('aria-live') ?? null,
      text: Array.from(shown.querySelectorAll('figcaption p'), (p) => p.textContent ?? '').join(' '),
      slide: { width: box.width, height: box.height, loaded: img.complete && img.naturalWidth > 0 },
      contentWidth: article.clientWidth - parseFloat(articleStyle.paddingLeft) - parseFloat(articleStyle.paddingRight),
      pages: scope.querySelector('.dfw-pages')!.getBoundingClientRect().height,
      nav: nav.getBoundingClientRect().height,
      navSpace: parseFloat(getComputedStyle(nav).marginTop) + parseFloat(getComputedStyle(scope.querySelector('.dfw-pages')!).rowGap || '0'),
      widget,
      main: scope.querySelector('main')!.getBoundingClientRect().height,
      previousDisabled: buttons[0]!.disabled,
      nextDisabled: buttons[1]!.disabled,
      wrapped: [...buttons, live!].flatMap((control) => {
        const lines = document.createRange();
        lines.selectNodeContents(control);
        return lines.getClientRects().length > 1 ? [control.textContent ?? ''] : [];
      }),
    };
  }, host);
}

async function expectSlide(deck: Deck, index: number): Promise<Shown> {
  const status = `Slide ${index + 1} of 20`;
  await deck.root.waitForFunction(
    ([sel, want]) => {
      const scope = sel === 'document' ? document : document.querySelector(sel)?.shadowRoot;
      return scope?.querySelector('[aria-live]')?.textContent === want;
    },
    [deck.host, status] as const,
  );
  const shown = await shownIn(deck);
  expect(shown.visible).toEqual([index]);
  expect([shown.status, shown.live]).toEqual([status, 'polite']);
  expect(words(shown.text)).toBe(FIXTURE_TEXTS[index]);
  expect([shown.previousDisabled, shown.nextDisabled]).toEqual([index === 0, index === 19]);
  return shown;
}

/** A sideways swipe by one finger across the shown slide, as CDP's touch input sends it. */
async function swipe(page: Page, deck: Deck, dx: number): Promise<void> {
  const slide =
    deck.host === 'document' ? deck.root.locator('figure.dfw-page:not([hidden]) img') : page.locator(`${deck.host} figure.dfw-page:not([hidden]) img`);
  const box = (await slide.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let step = 1; step <= 5; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + (dx * step) / 5, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Drives the deck as a visitor would: buttons, keys, swipes; checks the shown slide after each. */
async function drive(page: Page, deck: Deck, width: number): Promise<void> {
  const first = await expectSlide(deck, 0);
  expect(first.slide.loaded).toBe(true);
  // As wide as the content and as tall as a slide at that width; the widget is that slide and the controls.
  expect(Math.abs(first.slide.width - first.contentWidth)).toBeLessThanOrEqual(1);
  expect(first.slide.width).toBeLessThanOrEqual(width);
  expect(first.slide.height / first.slide.width).toBeCloseTo(RATIO, 2);
  expect(Math.abs(first.pages - (first.slide.height + first.navSpace + first.nav))).toBeLessThanOrEqual(2);
  expect(Math.abs(first.widget - first.main)).toBeLessThanOrEqual(1);
  expect(first.main).toBeLessThan(first.pages + 100);
  // Each control's words on one line, at a phone's width too.
  expect(first.wrapped).toEqual([]);

  const scope = deck.host === 'document' ? deck.root : page.locator(deck.host);
  const next = scope.getByRole('button', { name: 'Next slide' });
  const previous = scope.getByRole('button', { name: 'Previous slide' });
  await next.click();
  await expectSlide(deck, 1);
  await next.click();
  await expectSlide(deck, 2);
  await previous.click();
  await expectSlide(deck, 1);

  // The keys, on the deck: it holds the focus (a button disabled under it hands it to the deck).
  const pages = scope.locator('.dfw-pages');
  await pages.focus();
  await page.keyboard.press('ArrowRight');
  await expectSlide(deck, 2);
  await page.keyboard.press('ArrowLeft');
  await expectSlide(deck, 1);
  await page.keyboard.press('End');
  await expectSlide(deck, 19);
  await page.keyboard.press('Home');
  await expectSlide(deck, 0);

  // A swipe to the left brings the next slide, to the right the previous one.
  await swipe(page, deck, -Math.min(200, first.slide.width * 0.6));
  await expectSlide(deck, 1);
  await swipe(page, deck, Math.min(200, first.slide.width * 0.6));
  await expectSlide(deck, 0);
}

it.each([320, 1280])('at %i px the legacy visitor page shows one slide at a time, driven by buttons, keys and swipes', async (width) => {
  const page = await touch.newPage();
  const outside = watchOutside(page);
  await page.goto(`${stage.hostUrl}/?width=${width}`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('#dfw-native .dfw-deck-nav');
  await frame.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('figure.dfw-page img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  await frame.waitForFunction(() => Math.abs(window.innerHeight - Math.ceil(document.querySelector('main')!.getBoundingClientRect().height)) <= 1);
  const deck = { root: frame, host: 'document' };
  await expectSlide(deck, 0);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-deck-${width}.png`), fullPage: true });
  await drive(page, deck, width);
  expect(outside).toEqual([]);
  await page.close();
});

it.each([320, 1280])('at %i px the custom element shows one slide at a time, driven by buttons, keys and swipes', async (width) => {
  const page = await touch.newPage();
  const outside = watchOutside(page);
  await page.goto(`${stage.hostUrl}/element?width=${width}`);
  await page.waitForFunction(() => {
    const img = document.querySelector('drive-file-widget')?.shadowRoot?.querySelector<HTMLImageElement>('figure.dfw-page img');
    return !!img && img.complete && img.naturalWidth > 0 && !!document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('.dfw-deck-nav');
  });
  const deck = { root: page, host: 'drive-file-widget' };
  await expectSlide(deck, 0);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-deck-element-${width}.png`), fullPage: true });
  await drive(page, deck, width);
  expect(outside).toEqual([]);
  await page.close();
});

it('without script the legacy visitor page shows every slide, one under another, with its text', async () => {
  const host = await touch.newPage();
  await host.goto(`${stage.hostUrl}/?width=320`);
  const widgetUrl = (await host.locator('iframe').getAttribute('src'))!;
  await host.close();
  const noScript = await stage.browser.context.browser()!.newContext({ viewport: { width: 320, height: 900 }, javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto(widgetUrl);
  const slides = await page.evaluate(() =>
    Array.from(document.querySelectorAll('figure.dfw-page'), (figure) => ({
      height: figure.querySelector('img')!.getBoundingClientRect().height,
      text: Array.from(figure.querySelectorAll('figcaption p'), (p) => p.textContent ?? '').join(' '),
    })),
  );
  expect(slides.map((slide) => words(slide.text))).toEqual(FIXTURE_TEXTS);
  for (const slide of slides) expect(slide.height).toBeGreaterThan(100);
  expect(await page.locator('.dfw-deck-nav').count()).toBe(0);
  await noScript.close();
});
