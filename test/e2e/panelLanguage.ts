/** The panel in a language on the stage, for the browser tests: its words, its frame, a picture of it all. */
import type { Frame, Page } from 'playwright-core';
import type { Language } from '../../src/i18n/languages';
import { panelLoaders } from '../../src/i18n/panel/catalogues';
import { en as panelEnglish, type PanelSource } from '../../src/i18n/panel/en';
import { createTranslator, type Translator } from '../../src/i18n/translator';

/** The panel's words in `language`, from its catalogue. */
export async function panelWords(language: Language): Promise<Translator<PanelSource>> {
  return language === 'en'
    ? createTranslator<PanelSource>('en', panelEnglish)
    : createTranslator<PanelSource>(language, (await panelLoaders[language]()).default);
}

/** The stage's frame whose address holds `name` (settings.html, widget.html). */
export function stageFrame(page: Page, name: string): Frame {
  const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame() && f.url().includes(name));
  if (!frame) throw new Error(`No ${name} frame`);
  return frame;
}

/**
 * The panel frame, made as tall as its content for the picture, then put back; the window is made
 * tall enough to hold it unscrolled, so the stage's sticky toolbar is not drawn over it.
 */
export async function screenshotWholePanel(page: Page, path: string): Promise<void> {
  const frame = page.locator('iframe[title="Settings panel"]');
  const height = await stageFrame(page, 'settings.html').evaluate(() => document.documentElement.scrollHeight);
  const before = await frame.evaluate((el: HTMLIFrameElement, h: number) => {
    const old = el.style.height;
    el.style.height = `${h}px`;
    return old;
  }, height);
  const viewport = page.viewportSize()!;
  const bottom = await frame.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(bottom) + 20) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await frame.screenshot({ path });
  await page.setViewportSize(viewport);
  await frame.evaluate((el: HTMLIFrameElement, old: string) => (el.style.height = old), before);
}

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
