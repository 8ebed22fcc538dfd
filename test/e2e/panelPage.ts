/** Ways a browser test drives the stage and the settings panel, by role and name. */
import type { FrameLocator, Locator, Page } from 'playwright-core';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the browser tests need their global setup.');
  return url;
};

export const panelFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Settings panel"]');
export const widgetFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Widget"]');

export const filesTable = (page: Page, folder: string): Locator => panelFrame(page).getByRole('table', { name: `Files in ${folder}` });

export const rowButton = (table: Locator, title: string): Locator =>
  table.getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,|$| )`) });

/**
 * Scrolls the table with the mouse wheel, as an owner would, until the row is rendered. It looks
 * every few notches: the table scrolls 20 px a notch, and its virtualiser renders a row well
 * before it comes into view and keeps it well after, so a row cannot slip past between looks.
 */
export async function scrollToRow(page: Page, table: Locator, title: string, maxNotches = 800): Promise<Locator> {
  const target = rowButton(table, title).first();
  const box = await table.boundingBox();
  if (!box) throw new Error('The files table is not on screen.');
  await page.mouse.move(box.x + box.width / 2, box.y + 80);
  for (let notches = 0; !(await target.isVisible()); notches += 4) {
    if (notches >= maxNotches) throw new Error(`Row "${title}" never scrolled into view.`);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 100);
  }
  return target;
}

/** Reads a value until it passes `done` or the time is up; returns the last value read. */
export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/**
 * Connects the fake drive from the panel on `page`, as an owner does: Connect a drive account, Allow
 * in the consent popup (whose last page hands its code to the panel, which closes it and binds the
 * drive), then the confirmation dialog dismissed with Escape.
 */
export async function connectDriveFromPanel(page: Page): Promise<void> {
  const panel = panelFrame(page);
  const popupOpened = page.context().waitForEvent('page');
  await panel.getByRole('button', { name: 'Connect a drive account' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close', { timeout: 20_000 });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  await panel.getByRole('dialog', { name: 'Your drive is connected' }).waitFor();
  await page.keyboard.press('Escape');
}

/** Shares the chosen file with anyone who has the link, as the owner does: it was private. */
export async function shareChosen(page: Page, title: string): Promise<void> {
  const sharing = panelFrame(page).getByRole('group', { name: `Who can open “${title}”` });
  expect(await sharing.getByRole('radio', { name: 'Private (only you)' }).isChecked()).toBe(true);
  await sharing.getByRole('radio', { name: 'Anyone can view' }).click();
}

/**
 * Picker mode: presses the panel's Picker button (`Choose a file from your drive`, or `Choose
 * another file`), does `act` in the fake Picker's frame in the popup it opens, and waits for the
 * popup to close (the panel closes it once the Picker answered).
 */
export async function inPicker(page: Page, button: string, act: (picker: FrameLocator) => Promise<void>): Promise<void> {
  const popupOpened = page.context().waitForEvent('page');
  await panelFrame(page).getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close', { timeout: 20_000 });
  await act(popup.frameLocator('iframe[title="Google Picker"]'));
  await closed;
}
