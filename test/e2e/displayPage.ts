/** Ways the Design / Text browser tests read the widget and time how fast it follows the panel. */
import type { Frame, Page } from 'playwright-core';

export const widgetPageFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().includes('/widget.html'));
  if (!frame) throw new Error('The widget frame is not loaded.');
  return frame;
};

export const settingsPageFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().includes('/settings.html'));
  if (!frame) throw new Error('The settings panel frame is not loaded.');
  return frame;
};

export interface WidgetLook {
  radii: string[];
  borderWidth: string;
  borderColor: string;
  background: string;
  title: null | { text: string; color: string; fontSize: string; fontWeight: string; fontStyle: string; textDecoration: string; fontFamily: string };
  viewerSrc: string | null;
}

/** The computed look of the widget's frame box (the element around the drive viewer) and its title bar. */
export async function widgetLook(page: Page): Promise<WidgetLook> {
  return widgetPageFrame(page).evaluate(() => {
    const viewer = document.querySelector('iframe');
    const box = viewer?.parentElement;
    if (!viewer || !box) throw new Error('The widget shows no file.');
    const style = getComputedStyle(box);
    const heading = box.querySelector('h1');
    const h = heading ? getComputedStyle(heading) : null;
    return {
      radii: [style.borderTopLeftRadius, style.borderTopRightRadius, style.borderBottomLeftRadius, style.borderBottomRightRadius],
      borderWidth: style.borderTopWidth,
      borderColor: style.borderTopColor,
      background: style.backgroundColor,
      title:
        heading && h
          ? {
              text: heading.textContent ?? '',
              color: h.color,
              fontSize: h.fontSize,
              fontWeight: h.fontWeight,
              fontStyle: h.fontStyle,
              textDecoration: h.textDecorationLine,
              fontFamily: h.fontFamily,
            }
          : null,
      viewerSrc: viewer.getAttribute('src'),
    };
  });
}

/** Waits until the widget looks as `done` says; returns how long that took, in ms. */
export async function msUntilWidget(page: Page, done: (look: WidgetLook) => boolean, since: number): Promise<number> {
  const until = since + 5000;
  let look = await widgetLook(page);
  while (!done(look) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    look = await widgetLook(page);
  }
  if (!done(look)) throw new Error(`The widget did not follow: ${JSON.stringify(look)}`);
  return Date.now() - since;
}

/** Puts a mark in the widget frame's window: it survives only as long as the frame is not reloaded. */
export async function markWidgetFrame(page: Page): Promise<void> {
  await widgetPageFrame(page).evaluate(() => {
    (window as unknown as { __notReloaded?: boolean }).__notReloaded = true;
  });
}

export async function widgetFrameWasReloaded(page: Page): Promise<boolean> {
  return widgetPageFrame(page).evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded !== true);
}

/** Waits until the transitions and animations running in the frame (hover, slide-in) have ended; endless ones (a loader) aside. */
export async function animationsEnded(frame: Frame): Promise<void> {
  await frame.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
