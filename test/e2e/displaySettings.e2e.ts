/**
 * The Design and Text tabs in the editor stage, in real Chromium: every setting reaches the widget
 * within one second without reloading the widget's frame; then screenshots of each tab (450 px
 * panel) and of the widget with a title bar, radii and custom colours.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { axeViolations } from './axe';
import {
  animationsEnded,
  markWidgetFrame,
  msUntilWidget,
  settingsPageFrame,
  startFollowClocks,
  widgetFrameWasReloaded,
  widgetLook,
  widgetPageFrame,
  type WidgetLook,
} from './displayPage';
import { baseUrl, filesTable, panelFrame, scrollToRow } from './panelPage';

jest.setTimeout(120_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const errors: string[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

const FILE = 'Welcome to your drive';

/**
 * Runs `act` in the panel, then waits for the widget to look as `done` says; records the time from
 * the step's last input to the widget's change. The last input of `act` must be the one that makes
 * the change (closing a popup comes after).
 */
async function follows(name: string, act: () => Promise<void>, done: (look: WidgetLook) => boolean): Promise<void> {
  await act();
  timings[name] = await msUntilWidget(page, done);
}

test('each Design and Text setting shows in the widget within a second, without reloading it', async () => {
  await page.goto(baseUrl() + '/');
  const panel = panelFrame(page);
  await (await scrollToRow(page, filesTable(page, 'My Drive'), FILE)).click();
  await page.frameLocator('iframe[title="Widget"]').locator(`iframe[title="${FILE}"]`).waitFor({ timeout: 20_000 });
  await markWidgetFrame(page);
  await startFollowClocks(page);

  await panel.getByRole('tab', { name: 'Design' }).click();
  await panel.getByRole('heading', { name: 'Corners' }).waitFor();

  // Locked corners: one spinner sets all four.
  await follows(
    'all corners (locked)',
    async () => {
      await panel.getByRole('spinbutton', { name: 'Top left corner radius in pixels' }).fill('16');
    },
    (l) => l.radii.every((r) => r === '16px'),
  );

  // Unlocked: each corner on its own, by slider and by spinner.
  await panel.getByRole('checkbox', { name: 'Same radius for all corners' }).uncheck();
  const corners = [
    ['Top left', 0],
    ['Top right', 1],
    ['Bottom left', 2],
    ['Bottom right', 3],
  ] as const;
  for (const [corner, index] of corners) {
    const value = String(20 + index * 4);
    await follows(
      `${corner} radius`,
      async () => {
        await panel.getByRole('spinbutton', { name: `${corner} corner radius in pixels` }).fill(value);
      },
      (l) => l.radii[index] === `${value}px`,
    );
  }
  await follows(
    'slider',
    async () => {
      await panel.getByRole('slider', { name: 'Top left corner radius' }).press('End');
    },
    (l) => l.radii[0] === '100px',
  );
  await panel.getByRole('spinbutton', { name: 'Top left corner radius in pixels' }).fill('20');

  await follows(
    'border width',
    async () => {
      await panel.getByRole('spinbutton', { name: 'Border width in pixels' }).fill('4');
    },
    (l) => l.borderWidth === '4px',
  );

  const pick = async (field: string, swatch: string) => {
    await panel.getByRole('button', { name: new RegExp(`^${field}: `) }).click();
    await panel.getByRole('dialog', { name: field }).getByRole('radio', { name: swatch }).click();
  };
  await follows(
    'border colour',
    () => pick('Border colour', 'Site colour 18, #0088CB'),
    (l) => l.borderColor === 'rgb(0, 136, 203)',
  );
  await page.keyboard.press('Escape');
  await follows(
    'background colour',
    () => pick('Background colour', 'Site colour 16, #BAE9FF'),
    (l) => l.background === 'rgb(186, 233, 255)',
  );
  await page.keyboard.press('Escape');
  await follows(
    'custom colour with opacity',
    async () => {
      await panel.getByRole('button', { name: /^Background colour: / }).click();
      const popup = panel.getByRole('dialog', { name: 'Background colour' });
      await popup.getByLabel('Custom colour').fill('#fff4d6');
      await popup.getByRole('slider', { name: 'Opacity' }).press('PageDown');
    },
    (l) => l.background === 'rgba(255, 244, 214, 0.9)',
  );
  await page.keyboard.press('Escape');

  await follows(
    'title bar',
    async () => {
      await panel.getByRole('checkbox', { name: 'Show the file’s title above it' }).check();
    },
    (l) => l.title?.text === FILE,
  );
  await follows(
    'text colour',
    () => pick('Text colour', 'Site colour 20, #003047'),
    (l) => l.title?.color === 'rgb(0, 48, 71)',
  );
  await page.keyboard.press('Escape');

  await panel.getByRole('tab', { name: 'Text' }).click();
  await panel.getByRole('button', { name: 'Font settings' }).click();
  const popup = panel.getByRole('dialog', { name: 'Font settings' });
  expect((await popup.boundingBox())?.width).toBe(287);
  await follows(
    'text preset',
    async () => {
      await popup.getByRole('combobox', { name: 'Text style' }).click();
      await panel.getByRole('option', { name: 'Heading S' }).click();
    },
    (l) => l.title?.fontSize === '22px' && l.title.fontWeight === '700',
  );
  await follows(
    'font size',
    async () => {
      await popup.getByRole('spinbutton', { name: 'Font size' }).fill('30');
    },
    (l) => l.title?.fontSize === '30px',
  );
  await follows(
    'bold',
    () => popup.getByRole('button', { name: 'Bold' }).click(),
    (l) => l.title?.fontWeight === '400',
  );
  await follows(
    'italic',
    () => popup.getByRole('button', { name: 'Italic' }).click(),
    (l) => l.title?.fontStyle === 'italic',
  );
  await follows(
    'underline',
    () => popup.getByRole('button', { name: 'Underline' }).click(),
    (l) => l.title?.textDecoration === 'underline',
  );
  await follows(
    'font family',
    async () => {
      await popup.getByRole('combobox', { name: 'Font family' }).click();
      await panel.getByRole('option', { name: 'Georgia' }).click();
    },
    (l) => /Georgia/.test(l.title?.fontFamily ?? ''),
  );
  await popup.getByRole('button', { name: 'Done' }).click();

  await follows(
    'language',
    async () => {
      await panel.getByRole('combobox', { name: 'Language' }).click();
      await panel.getByRole('option', { name: 'Deutsch' }).click();
    },
    (l) => /[?&]hl=de$/.test(l.viewerSrc ?? ''),
  );

  console.log('widget followed in (ms):', JSON.stringify(timings));
  for (const [setting, ms] of Object.entries(timings)) expect([setting, ms < 1000]).toEqual([setting, true]);
  expect(await widgetFrameWasReloaded(page)).toBe(false);

  // The settings were saved too: after a reload of the whole stage the widget looks the same.
  await panel.getByText('All changes saved').waitFor();
  const before = await widgetLook(page);
  await page.reload();
  await page.frameLocator('iframe[title="Widget"]').locator(`iframe[title="${FILE}"]`).waitFor({ timeout: 20_000 });
  expect(await widgetLook(page)).toEqual(before);
  expect(errors).toEqual([]);
});

test('screenshots of each tab in the 450 px panel and of the styled widget', async () => {
  await page.setViewportSize({ width: 1440, height: 1000 }); // room for the stage's full 450 px panel column
  const panel = panelFrame(page);
  const panelElement = page.locator('iframe[title="Settings panel"]');
  for (const tab of ['Main', 'Design', 'Text'] as const) {
    await panel.getByRole('tab', { name: tab }).click();
    await panel.getByRole('tabpanel', { name: tab }).waitFor();
    await page.mouse.move(0, 0);
    await animationsEnded(page.mainFrame());
    await animationsEnded(settingsPageFrame(page));
    expect((await panelElement.boundingBox())?.width).toBe(450);
    await panelElement.screenshot({ path: `test-results/panel-${tab.toLowerCase()}.png` });
  }
  await panel.getByRole('button', { name: 'Font settings' }).click();
  await panel.getByRole('dialog', { name: 'Font settings' }).waitFor();
  await animationsEnded(settingsPageFrame(page));
  await panelElement.screenshot({ path: 'test-results/panel-font-popup.png' });
  await page.keyboard.press('Escape');
  await page.locator('iframe[title="Widget"]').screenshot({ path: 'test-results/widget-styled.png' });
});

test('the Design and Text tabs and their popups pass the axe-core audit', async () => {
  const panel = panelFrame(page);
  const audits: Record<string, unknown> = {};
  await panel.getByRole('tab', { name: 'Design' }).click();
  await panel.getByRole('heading', { name: 'Corners' }).waitFor();
  audits.design = await axeViolations(settingsPageFrame(page));
  await panel.getByRole('button', { name: /^Border colour: / }).click();
  await panel.getByRole('dialog', { name: 'Border colour' }).waitFor();
  audits.colourPopup = await axeViolations(settingsPageFrame(page));
  await page.keyboard.press('Escape');
  await panel.getByRole('tab', { name: 'Text' }).click();
  await panel.getByRole('button', { name: 'Font settings' }).click();
  await panel.getByRole('combobox', { name: 'Font family' }).click();
  await panel.getByRole('listbox', { name: 'Font family' }).waitFor();
  await animationsEnded(settingsPageFrame(page)); // the list's slide-in (150 ms) is over
  audits.fontPopup = await axeViolations(settingsPageFrame(page));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  audits.text = await axeViolations(settingsPageFrame(page));
  audits.widget = await axeViolations(widgetPageFrame(page));
  expect(audits).toEqual({ design: [], colourPopup: [], fontPopup: [], text: [], widget: [] });
});
