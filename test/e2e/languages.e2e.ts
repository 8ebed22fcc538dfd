/**
 * The panel and the widget in other languages, in real Chromium on the editor stage:
 * - the panel follows the editor's language (`locale` of its frame): German, Japanese, Russian,
 *   with their words, a plural and dates, and nothing cut in the 450 px panel;
 * - the widget follows the locale the owner chose, in each of the 11 languages, re-rendering in
 *   place (no reload) when the panel saves another, with nothing cut at 320 px.
 * Screenshots: test-results/panel-de.png, panel-ja.png (with the notice dialog: panel-de-notice.png);
 * the Design and Text tabs (with the font popup): panel-de-design.png, panel-de-text.png, panel-ja-….
 * The panel at 288 px: narrowPanel.e2e.ts.
 */
import type { Frame, Page } from 'playwright-core';
import { LANGUAGES, languageTag, type Language } from '../../src/i18n/languages';
import { createTranslator, type Translator } from '../../src/i18n/translator';
import { widgetLoaders } from '../../src/i18n/widget/catalogues';
import { en as widgetEnglish, type WidgetSource } from '../../src/i18n/widget/en';
import { launchBrowser } from './browser';
import { findClippedText } from './layoutCheck';
import { escapeRegExp as escape, panelWords, screenshotWholePanel as screenshotPanel, stageFrame } from './panelLanguage';
import { baseUrl, panelFrame, rowButton, widgetFrame } from './panelPage';

jest.setTimeout(180_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
});

async function widgetWords(language: Language): Promise<Translator<WidgetSource>> {
  return language === 'en'
    ? createTranslator<WidgetSource>('en', widgetEnglish)
    : createTranslator<WidgetSource>(language, (await widgetLoaders[language]()).default);
}

const frameOf = (name: string): Frame => stageFrame(page, name);
const screenshotWholePanel = (path: string) => screenshotPanel(page, path);

/** The languages whose panel is looked at closely: words, a plural, dates, the Design and Text tabs. */
const EXTENDED: readonly Language[] = ['de', 'ja', 'ru'];

const DATES: Partial<Record<Language, RegExp>> = {
  de: /^\d{2}\.\d{2}\.\d{4}$/,
  ja: /^\d{4}\/\d{2}\/\d{2}$/,
  ru: /^\d{2}\.\d{2}\.\d{4}$/,
};

/**
 * One load of the stage per language, its tests run on it in turn: each closes what it opened
 * (dialog, popup), and the last one ends sorted by name, as the next load starts.
 */
describe.each(LANGUAGES)('the panel with locale=%s', (language) => {
  beforeAll(async () => {
    await page.goto(`${baseUrl()}/?locale=${language}`);
  });

  if (EXTENDED.includes(language)) {
    test('speaks the editor’s language: words, a plural, dates; nothing cut at 450 px', async () => {
      const t = (await panelWords(language)).t;
      const panel = panelFrame(page);
      const table = panel.getByRole('table', { name: t('files.table', { folder: t('files.root') }) });
      await table.waitFor();
      expect(await frameOf('settings.html').evaluate(() => document.documentElement.lang)).toBe(languageTag(language));
      for (const column of ['title', 'owner', 'modified'] as const) await table.getByRole('columnheader', { name: t(`files.col.${column}`) }).waitFor();
      await panel.getByRole('button', { name: t('files.refresh') }).waitFor();
      await panel.getByRole('heading', { name: t('account.heading') }).waitFor();

      // A plural: the count under the table, in the form the language needs for that number.
      // (At My Drive's top the "Shared drives" row is a row of the table but no item of the count.)
      const countShown = async () => {
        const rows = Number(await table.getAttribute('aria-rowcount')) - 1;
        const counts = [rows, rows - 1].flatMap((count) => [t('files.countMore', { count }), t('files.count', { count })]);
        const shown = panel.getByText(new RegExp(`^(${counts.map(escape).join('|')})$`));
        return rows > 0 && (await shown.count()) > 0;
      };
      const deadline = Date.now() + 20_000;
      while (!(await countShown()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await countShown()).toBe(true);

      // Dates as the language writes them.
      const dates = (await table.locator('td.dfw-col-modified').allInnerTexts()).filter(Boolean);
      expect(dates.length).toBeGreaterThan(3);
      for (const date of dates) expect(date).toMatch(DATES[language]!);

      // A private file that visitors cannot edit: the longest hints of the sharing choice show.
      await rowButton(table, 'Annual report 2025.pdf').click();
      await panel.getByText(t('sharing.notEditable')).waitFor();
      await panel.getByText(t('sharing.visitorsCannotSee')).waitFor();
      expect(await frameOf('settings.html').evaluate(findClippedText)).toEqual([]);
      await screenshotWholePanel(`test-results/panel-${language}.png`);

      // The notice dialog, over an editable file.
      await rowButton(table, "Ada's notes").click();
      await panel.getByRole('radio', { name: t('sharing.writer') }).click();
      const notice = panel.getByRole('alertdialog', { name: t('notice.title') });
      await notice.waitFor();
      await notice.getByText(t('notice.doNotShowAgain')).waitFor();
      expect(await frameOf('settings.html').evaluate(findClippedText)).toEqual([]);
      if (language === 'de') await screenshotWholePanel('test-results/panel-de-notice.png');
      await notice.getByRole('button', { name: t('common.cancel') }).click();
      await notice.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });

    test('has Design and Text tabs in the editor’s language; nothing cut, the font popup included', async () => {
      const t = (await panelWords(language)).t;
      const panel = panelFrame(page);
      const tabs = panel.getByRole('tablist', { name: t('tabs.label') });
      await tabs.getByRole('tab', { name: t('tabs.main') }).waitFor();

      await tabs.getByRole('tab', { name: t('tabs.design') }).click();
      await panel.getByText(t('design.lockCorners')).waitFor();
      await panel.getByRole('slider', { name: t('design.radiusSlider', { corner: t('design.corner.BottomRight') }) }).waitFor();
      await panel.getByText(t('design.titleBarHint')).waitFor();
      expect(await frameOf('settings.html').evaluate(findClippedText)).toEqual([]);
      await screenshotWholePanel(`test-results/panel-${language}-design.png`);

      await tabs.getByRole('tab', { name: t('tabs.text') }).click();
      await panel.getByText(t('text.languageHint')).waitFor();
      expect(await frameOf('settings.html').evaluate(findClippedText)).toEqual([]);
      await panel.getByRole('button', { name: t('text.fontSettings') }).click();
      const popup = panel.getByRole('dialog', { name: t('text.fontSettings') });
      await popup.getByRole('button', { name: t('text.done') }).waitFor();
      expect(await frameOf('settings.html').evaluate(findClippedText)).toEqual([]);
      await screenshotWholePanel(`test-results/panel-${language}-text.png`);
      await popup.getByRole('button', { name: t('text.done') }).click();
      expect(errors).toEqual([]);
    });
  }

  test('nothing cut at 450 px, whichever column is sorted', async () => {
    const t = (await panelWords(language)).t;
    await panelFrame(page)
      .getByRole('tab', { name: t('tabs.main') })
      .click();
    const table = panelFrame(page).getByRole('table', { name: t('files.table', { folder: t('files.root') }) });
    await table.locator('td.dfw-col-modified').first().waitFor();
    expect(await frameOf('settings.html').evaluate(findClippedText)).toEqual([]);
    for (const column of ['owner', 'modified', 'title'] as const) {
      await table.getByRole('button', { name: t(`files.col.${column}`), exact: true }).click();
      await table
        .getByRole('columnheader', { name: t(`files.col.${column}`) })
        .and(table.locator('[aria-sort="ascending"]'))
        .waitFor();
      expect(await frameOf('settings.html').evaluate(findClippedText)).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});

/** Saves the user model as the panel's save does, then tells the widget, as the panel's bridge does. */
async function chooseWidgetLocale(locale: string, callId: number): Promise<void> {
  await frameOf('settings.html').evaluate(
    async ({ locale, callId }) => {
      const q = new URLSearchParams(location.search);
      const ids = new URLSearchParams({ instance: q.get('instance') ?? '', compId: q.get('compId') ?? '', origCompId: q.get('origCompId') ?? '' });
      const user = { activeFileId: 'annual', activeFileTitle: 'Annual report 2025.pdf', activeFileMimeType: 'application/pdf', activeFilePerm: 'none', locale };
      // On top of the settings' current revision, as the panel's save does.
      const current = (await (await fetch(`/api/user?${ids}`)).json()) as { revision?: number };
      const saved = await fetch(`/api/save?${ids}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user: JSON.stringify(user), revision: String(current.revision ?? 0) }),
      });
      if (!saved.ok) throw new Error(`save answered ${saved.status}`);
      const message = {
        intent: 'TPA2',
        callId,
        type: 'postMessage',
        compId: 'tpaSettings',
        deviceType: 'desktop',
        namespace: 'Settings',
        version: 'stage',
        data: { message: { reason: 'saved' }, compId: q.get('origCompId') },
      };
      parent.postMessage(JSON.stringify(message), location.origin);
    },
    { locale, callId },
  );
}

test('the widget follows the owner’s chosen locale in every language, without a reload; nothing cut at 320 px', async () => {
  await page.goto(`${baseUrl()}/?locale=en`);
  await panelFrame(page).getByRole('table', { name: 'Files in My Drive' }).waitFor();
  await page.locator('iframe[title="Widget"]').evaluate((frame: HTMLIFrameElement) => (frame.style.width = '320px'));
  await frameOf('widget.html').evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

  let callId = 9000;
  for (const language of LANGUAGES) {
    const t = (await widgetWords(language)).t;
    // Stored lower-cased, as the panel's locale picker stores it.
    await chooseWidgetLocale(language, callId++);
    const widget = widgetFrame(page);
    await widget.getByRole('status').getByText(t('widget.privateFile'), { exact: true }).waitFor();
    const embedded = widget.locator('iframe[title="Annual report 2025.pdf"]');
    expect(await embedded.getAttribute('src')).toBe(`https://drive.google.com/file/d/annual/preview?hl=${languageTag(language)}`);
    const frame = frameOf('widget.html');
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe(languageTag(language));
    expect(await frame.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect(await frame.evaluate(() => document.documentElement.clientWidth)).toBe(320);
    expect(await frame.evaluate(findClippedText)).toEqual([]);
  }

  // No file chosen: the owner's hint, in the chosen language (Russian, among the longest).
  await frameOf('settings.html').evaluate(async () => {
    const q = new URLSearchParams(location.search);
    const ids = new URLSearchParams({ instance: q.get('instance') ?? '', compId: q.get('compId') ?? '', origCompId: q.get('origCompId') ?? '' });
    const current = (await (await fetch(`/api/user?${ids}`)).json()) as { revision?: number };
    const saved = await fetch(`/api/save?${ids}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: JSON.stringify({ locale: 'ru' }), revision: String(current.revision ?? 0) }),
    });
    if (!saved.ok) throw new Error(`save answered ${saved.status}`);
    const message = {
      intent: 'TPA2',
      callId: 9999,
      type: 'postMessage',
      compId: 'tpaSettings',
      deviceType: 'desktop',
      namespace: 'Settings',
      version: 'stage',
      data: { message: { reason: 'saved' }, compId: q.get('origCompId') },
    };
    parent.postMessage(JSON.stringify(message), location.origin);
  });
  await widgetFrame(page)
    .getByText((await widgetWords('ru')).t('widget.chooseFile'))
    .waitFor();
  expect(await frameOf('widget.html').evaluate(findClippedText)).toEqual([]);
  await page.locator('iframe[title="Widget"]').screenshot({ path: 'test-results/widget-ru-320.png' });
  expect(errors).toEqual([]);
});
