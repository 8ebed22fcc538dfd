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

type Clocked = Window & { __lastInputAt?: number; __lastChangeAt?: number };

/**
 * Starts the two clocks the "widget follows" timings are read from, both on the browser's epoch
 * clock (`performance.timeOrigin + performance.now()`, shared by the page's frames): in the panel,
 * the time of the owner's latest input event; in the widget, the time of its latest DOM change.
 * So a timing is the product's own time, from the input to the widget's change, without the
 * test's own round trips to the browser.
 */
export async function startFollowClocks(page: Page): Promise<void> {
  await settingsPageFrame(page).evaluate(() => {
    const win = window as Clocked;
    const note = () => (win.__lastInputAt = performance.timeOrigin + performance.now());
    for (const type of ['keydown', 'pointerdown', 'input', 'change']) document.addEventListener(type, note, { capture: true });
  });
  await widgetPageFrame(page).evaluate(() => {
    const win = window as Clocked;
    new MutationObserver(() => (win.__lastChangeAt = performance.timeOrigin + performance.now())).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

/**
 * Waits (up to 5 s) until the widget looks as `done` says; returns the time from the owner's last
 * input in the panel to the widget's last change, in ms (startFollowClocks).
 */
export async function msUntilWidget(page: Page, done: (look: WidgetLook) => boolean): Promise<number> {
  const until = Date.now() + 5000;
  let look = await widgetLook(page);
  while (!done(look) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    look = await widgetLook(page);
  }
  if (!done(look)) throw new Error(`The widget did not follow: ${JSON.stringify(look)}`);
  const inputAt = await settingsPageFrame(page).evaluate(() => (window as Clocked).__lastInputAt);
  const changeAt = await widgetPageFrame(page).evaluate(() => (window as Clocked).__lastChangeAt);
  if (inputAt === undefined || changeAt === undefined) throw new Error('startFollowClocks was not called, or nothing was input or changed.');
  if (changeAt < inputAt) throw new Error(`The widget changed (${changeAt}) before the last input (${inputAt}): the step's last input changed nothing.`);
  return Math.round(changeAt - inputAt);
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
