/**
 * Work a visitor's page leaves until its content is on screen: after the next frame (its paint
 * comes between a frame's callback and the next task), or after `latestMs` when frames do not come
 * (the browser draws no frames for a cross-origin frame out of view).
 */
export function untilPainted(win: Window, latestMs = 1500): Promise<void> {
  return new Promise((resolve) => {
    const timer = win.setTimeout(resolve, latestMs);
    win.requestAnimationFrame(() =>
      win.setTimeout(() => {
        win.clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** Loads a classic script into the page; rejects when it cannot be fetched. */
export function loadScript(doc: Document, src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} could not be loaded`));
    doc.head.append(script);
  });
}
