/**
 * Every control of the Design and Text tabs driven with the keyboard alone, in the editor stage in
 * real Chromium: tabs, checkboxes, sliders, spinners, colour popups (swatches, custom colour,
 * opacity), the font popup (dropdowns, spinner, toggles) and the language picker. The widget shows
 * the result.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { settingsPageFrame, widgetLook } from './displayPage';
import { baseUrl, filesTable, panelFrame, poll, scrollToRow } from './panelPage';

jest.setTimeout(120_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let panel: FrameLocator;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

const press = async (...keys: string[]) => {
  for (const key of keys) await page.keyboard.press(key);
};

/** Name and role of the element that has focus in the panel. */
const focused = () =>
  settingsPageFrame(page).evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const role = el.getAttribute('role') ?? (el instanceof HTMLInputElement ? el.type : el.tagName.toLowerCase());
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      el.closest('label')?.textContent ??
      el.textContent ??
      '';
    return `${role}: ${name.trim()}`;
  });

/** Presses Tab until the focus is on `target` (role: name); fails after `max` presses. */
async function tabTo(target: string, max = 30, key = 'Tab') {
  for (let i = 0; i < max; i++) {
    if ((await focused()) === target) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Focus never reached ${target}; it is on ${await focused()}`);
}

test('every Design and Text control works with the keyboard alone', async () => {
  await page.goto(baseUrl() + '/');
  panel = panelFrame(page);
  await (await scrollToRow(page, filesTable(page, 'My Drive'), 'Welcome to your drive')).click();
  await page.frameLocator('iframe[title="Widget"]').locator('iframe[title="Welcome to your drive"]').waitFor({ timeout: 20_000 });

  // From here on, only the keyboard. The Main tab is the tab list's one tab stop.
  await panel.getByRole('tab', { name: 'Main' }).focus();
  await press('ArrowRight');
  expect(await focused()).toBe('tab: Design');
  await panel.getByRole('heading', { name: 'Corners' }).waitFor();

  await tabTo('checkbox: Same radius for all corners');
  await press('Space');
  expect(await panel.getByRole('checkbox', { name: 'Same radius for all corners' }).isChecked()).toBe(false);

  await tabTo('slider: Top left corner radius');
  await press('ArrowRight', 'ArrowRight', 'ArrowUp', 'PageUp');
  await tabTo('spinbutton: Top left corner radius in pixels');
  await press('ArrowUp');
  expect(await panel.getByRole('spinbutton', { name: 'Top left corner radius in pixels' }).inputValue()).toBe('14');
  await tabTo('spinbutton: Top right corner radius in pixels');
  await press('Control+a', '2', '5');
  await tabTo('slider: Bottom left corner radius');
  await press('End', 'PageDown', 'PageDown');
  await tabTo('spinbutton: Bottom right corner radius in pixels');
  await press('Control+a', '6', 'Tab');
  await tabTo('spinbutton: Border width in pixels');
  await press('ArrowUp', 'ArrowUp', 'ArrowUp');

  // The border colour popup: arrows move through the swatches; Tab reaches the custom colour and opacity.
  await tabTo('button: Border colour: Site colour 15, #2F2E2E');
  await press('Enter');
  await panel.getByRole('dialog', { name: 'Border colour' }).waitFor();
  expect(await focused()).toBe('radio: Site colour 15, #2F2E2E');
  await press('ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight');
  expect(await focused()).toBe('radio: Site colour 23, #FF7E2E');
  await press('Escape');
  expect(await focused()).toBe('button: Border colour: Site colour 23, #FF7E2E');

  await tabTo('button: Background colour: Site colour 11, #FFFFFF');
  await press('Enter');
  await tabTo('color: Custom colour', 30);
  await tabTo('slider: Opacity');
  await press('PageDown', 'PageDown');
  await press('Escape');
  expect(await focused()).toBe('button: Background colour: custom colour #ffffff, 80% opaque');

  await tabTo('button: Text colour: Site colour 15, #2F2E2E');
  await press('Enter', 'End', 'Escape');
  await tabTo('checkbox: Show the file’s title above it');
  await press('Space');

  // Back to the tab list, on to Text.
  await tabTo('tab: Design', 40, 'Shift+Tab');
  await press('ArrowRight');
  expect(await focused()).toBe('tab: Text');
  await panel.getByRole('heading', { name: 'Font' }).waitFor();
  await tabTo('button: Font settings');
  await press('Enter');
  await panel.getByRole('dialog', { name: 'Font settings' }).waitFor();
  expect(await focused()).toBe('combobox: Text style');
  await press('ArrowDown', 'h', 'h', 'h', 'h'); // Heading XL → L → M → S
  expect(await panel.getByRole('option', { name: 'Heading S' }).getAttribute('class')).toMatch(/active/);
  await press('Enter');
  await tabTo('combobox: Font family');
  await press('ArrowDown', 'End', 'Enter'); // the last family: Verdana
  await tabTo('spinbutton: Font size');
  await press('Control+a', '2', '6');
  await tabTo('button: Bold');
  await press('Space');
  await tabTo('button: Italic');
  await press('Space');
  await tabTo('button: Underline');
  await press('Enter');
  await tabTo('button: Done');
  await press('Enter');
  expect(await focused()).toBe('button: Font settings');

  await tabTo('combobox: Language');
  await press('Enter', 't', 'Enter'); // Türkçe
  expect(await panel.getByRole('combobox', { name: 'Language' }).innerText()).toMatch(/^Türkçe/);

  const look = await poll(
    () => widgetLook(page),
    (l) => /hl=tr$/.test(l.viewerSrc ?? ''),
  );
  expect(look).toMatchObject({
    radii: ['14px', '25px', '80px', '6px'],
    borderWidth: '3px',
    borderColor: 'rgb(255, 126, 46)',
    background: 'rgba(255, 255, 255, 0.8)',
    title: { text: 'Welcome to your drive', color: 'rgb(20, 63, 35)', fontSize: '26px', fontWeight: '400', fontStyle: 'italic', textDecoration: 'underline' },
  });
  expect(look.title?.fontFamily).toMatch(/Verdana/);
  expect(errors).toEqual([]);
});
