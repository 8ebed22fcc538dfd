/**
 * The settings panel at the platform's recommended width, 288 px, in real Chromium on the editor
 * stage, in each of the 11 languages: on each tab nothing is cut (findClippedText) or drawn over
 * other text (findOverlappingText), with each shown column sorted, the widest date the language
 * writes fitting the Modified column, a file being chosen keeping most of its title in view, and
 * the save status on one line under the panel's title.
 * Screenshots: test-results/panel-288-de.png, panel-288-fr.png, panel-288-ja.png (and …-design.png).
 */
import type { Page } from 'playwright-core';
import { dateFormat } from '../../src/i18n/format';
import { LANGUAGES, type Language } from '../../src/i18n/languages';
import { launchBrowser } from './browser';
import { pausePageClock } from './pausePageClock';
import { findClippedText, findOverlappingText } from './layoutCheck';
import { escapeRegExp, panelWords, screenshotWholePanel, stageFrame } from './panelLanguage';
import { baseUrl, panelFrame, rowButton, scrollToRow } from './panelPage';

jest.setTimeout(180_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(20_000);
  // The pages' clock runs as it does unless a test pauses it (while a file is being chosen).
  await page.clock.install();
});
afterAll(async () => {
  await browser?.close();
});

/** The platform's recommended width for a settings panel. */
const NARROW = 288;
/** The languages whose panel at 288 px is kept as pictures in test-results/. */
const PICTURED: readonly Language[] = ['de', 'fr', 'ja'];

const settingsFrame = () => stageFrame(page, 'settings.html');
const setLatency = (ms: number) => page.evaluate((value) => localStorage.setItem('mirage:latencyMs', String(value)), ms);

/** How long the drive takes to answer the permissions of a file being chosen (in paused page time, so waited out at no cost). */
const CHOOSING_LATENCY_MS = 10_000;

/** Every text shown whole and none over another, in the panel as it is now. */
async function expectNothingCutOrOverlapping(): Promise<void> {
  expect(await settingsFrame().evaluate(findClippedText)).toEqual([]);
  expect(await settingsFrame().evaluate(findOverlappingText)).toEqual([]);
}

/** Every date of two years as the panel writes them in `language` (the widest depends on month and day). */
function everyDate(language: Language): string[] {
  const format = dateFormat(language);
  const days = Array.from({ length: 2 * 366 }, (_, i) => format.format(new Date(2025, 0, 1 + i)));
  return [...new Set(days)];
}

/** The widest of `dates` in the Modified column's font, and the room its cells give text. */
function modifiedColumnRoom(dates: string[]): { widest: string; width: number; room: number } {
  const cell = document.querySelector<HTMLElement>('td.dfw-col-modified')!;
  const style = getComputedStyle(cell);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = style.font;
  const widths = dates.map((date) => ({ date, width: context.measureText(date).width }));
  const widest = widths.reduce((a, b) => (b.width > a.width ? b : a));
  const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return { widest: widest.date, width: Math.ceil(widest.width), room };
}

/** The width a row's title is shown in (a long title fills the room its badges leave). */
function titleWidth(title: string): number {
  const span = [...document.querySelectorAll<HTMLElement>('.dfw-row__title')].find((el) => el.textContent === title)!;
  return span.getBoundingClientRect().width;
}

/** The lines the header's save status takes: the distinct tops of its text's boxes. */
function headerStatusLines(): number {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('.dfw-header .dfw-save')!);
  return new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top))).size;
}

describe.each(LANGUAGES)('the panel at 288 px with locale=%s', (language) => {
  beforeAll(async () => {
    await page.goto(`${baseUrl()}/?locale=${language}`);
    await page.getByRole('button', { name: 'Reset mock drive' }).click();
    await page.locator('iframe[title="Settings panel"]').evaluate((frame: HTMLIFrameElement, width: number) => (frame.style.width = `${width}px`), NARROW);
  });
  afterAll(async () => {
    await setLatency(0);
    await page.clock.resume();
  });

  test('Main tab: the files with the widest date, a file being chosen, the save status; nothing cut or overlapping', async () => {
    const t = (await panelWords(language)).t;
    const panel = panelFrame(page);
    const table = panel.getByRole('table', { name: t('files.table', { folder: t('files.root') }) });
    await table.locator('td.dfw-col-modified').first().waitFor();
    expect(await settingsFrame().evaluate(() => document.documentElement.clientWidth)).toBe(NARROW);
    await expectNothingCutOrOverlapping();
    // Sorted by each column shown (the owner's is not, at this width), its arrow beside its name.
    for (const column of ['modified', 'title'] as const) {
      await table.getByRole('button', { name: t(`files.col.${column}`), exact: true }).click();
      await table
        .getByRole('columnheader', { name: t(`files.col.${column}`) })
        .and(table.locator('[aria-sort="ascending"]'))
        .waitFor();
      await expectNothingCutOrOverlapping();
    }

    // The widest date the language writes (any month, any day) fits the Modified column.
    const { widest, width, room } = await settingsFrame().evaluate(modifiedColumnRoom, everyDate(language));
    expect({ widest, width }).toEqual({ widest, width: Math.min(width, room) });

    // A file being chosen (its permissions answered slowly): its title keeps most of its room.
    await scrollToRow(page, table, 'Annual report 2025.pdf');
    const before = await settingsFrame().evaluate(titleWidth, 'Annual report 2025.pdf');
    await setLatency(CHOOSING_LATENCY_MS);
    await rowButton(table, 'Annual report 2025.pdf').click();
    const choosing = table.getByRole('button', { name: new RegExp(escapeRegExp(t('files.activating'))) });
    await choosing.waitFor();
    // The page's time stops: the answer waits, however long the look takes on a busy machine.
    await pausePageClock(page, settingsFrame());
    expect(await settingsFrame().evaluate(titleWidth, 'Annual report 2025.pdf')).toBeGreaterThanOrEqual(0.6 * before);
    await expectNothingCutOrOverlapping();
    expect(await choosing.count()).toBe(1);
    // The answer comes when its latency has passed in the page, at once in real time.
    await setLatency(0);
    await page.clock.runFor(CHOOSING_LATENCY_MS);
    await page.clock.resume();

    // Chosen and saved: the sharing choice with its longest hints, and the header's status on one line.
    await panel.getByText(t('sharing.visitorsCannotSee')).waitFor();
    await panel.locator('.dfw-header').getByText(t('save.saved')).waitFor({ timeout: 20_000 });
    expect(await settingsFrame().evaluate(headerStatusLines)).toBe(1);
    await expectNothingCutOrOverlapping();
    if (PICTURED.includes(language)) await screenshotWholePanel(page, `test-results/panel-288-${language}.png`);
    expect(errors).toEqual([]);
  });

  test('Design and Text tabs: nothing cut or overlapping', async () => {
    const t = (await panelWords(language)).t;
    const panel = panelFrame(page);
    const tabs = panel.getByRole('tablist', { name: t('tabs.label') });
    await tabs.getByRole('tab', { name: t('tabs.design') }).click();
    await panel.getByRole('radio', { name: t('design.viewerHeightFixed') }).click();
    await panel.getByRole('spinbutton', { name: t('design.viewerHeightValue') }).waitFor();
    await expectNothingCutOrOverlapping();
    if (PICTURED.includes(language)) await screenshotWholePanel(page, `test-results/panel-288-${language}-design.png`);
    await tabs.getByRole('tab', { name: t('tabs.text') }).click();
    await panel.getByText(t('text.languageHint')).waitFor();
    await expectNothingCutOrOverlapping();
    await tabs.getByRole('tab', { name: t('tabs.main') }).click();
    expect(errors).toEqual([]);
  });
});
