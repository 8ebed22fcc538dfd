/**
 * Runs inside a page (panel or widget): every element that shows text of its own must show all of
 * it, and nothing may stick out of the page sideways. File titles, owner names and breadcrumb
 * entries are the drive's data: they are cut with an ellipsis (and a tooltip) by design.
 */
export function findClippedText(): string[] {
  const DATA = '.dfw-row__title, .dfw-col-title, .dfw-col-owner, .dfw-breadcrumb__link, .dfw-breadcrumb__current';
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    if (!ownText || el.closest(DATA)) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.display === 'none' || style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue;
    const text = (el.textContent ?? '').trim().slice(0, 60);
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) problems.push(`cut sideways: "${text}" (${el.scrollWidth} > ${el.clientWidth})`);
    if (el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0 && style.overflowY !== 'auto' && style.overflowY !== 'scroll') {
      problems.push(`cut below: "${text}" (${el.scrollHeight} > ${el.clientHeight})`);
    }
    if (box.right > width + 1 || box.left < -1) problems.push(`sticks out: "${text}" (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`);
  }
  return problems;
}

/**
 * Runs inside a page: no two pieces of text drawn over each other. Each text's boxes are cut to
 * what its scrolling or clipping ancestors show (a title cut with an ellipsis ends at its cell),
 * text hidden for screen readers only (a 1 px box) is left out, and two texts overlap when their
 * visible boxes share more than a pixel each way, unless something opaque lies between them there
 * (a sticky table header over the rows scrolled under it). Open layers (a dialog, a popup) cover
 * the page by design: check with none open.
 */
export function findOverlappingText(): string[] {
  type Box = { left: number; top: number; right: number; bottom: number };
  const cut = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const shows = (b: Box) => b.right - b.left > 1 && b.bottom - b.top > 1;
  const clipOf = (el: Element): Box => {
    let box: Box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none' || style.clip !== 'auto')
        box = cut(box, a.getBoundingClientRect());
    }
    return box;
  };
  const opaque = (el: Element) => /^rgb\(/.test(getComputedStyle(el).backgroundColor);
  /** Whether, at (x, y), something opaque is painted between the two texts' elements. */
  const coveredAt = (a: Element, b: Element, x: number, y: number): boolean => {
    let lower: Element | null = null;
    for (const el of document.elementsFromPoint(x, y)) {
      if (!lower) {
        if (el === a || el === b) lower = el === a ? b : a;
        continue;
      }
      if (el === lower || el.contains(lower)) return false;
      if (opaque(el)) return true;
    }
    return false;
  };
  const texts: { text: string; owner: Element; boxes: Box[] }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    const text = (node.textContent ?? '').trim();
    if (!owner || !text) continue;
    const own = owner.getBoundingClientRect();
    const style = getComputedStyle(owner);
    if (own.width <= 1 || own.height <= 1 || style.visibility === 'hidden' || style.opacity === '0') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const clip = clipOf(owner);
    const boxes = Array.from(range.getClientRects())
      .map((r) => cut(r, clip))
      .filter(shows);
    if (boxes.length) texts.push({ text: text.slice(0, 40), owner, boxes });
  }
  const problems: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i]!;
      const b = texts[j]!;
      const hit = a.boxes.some((x) =>
        b.boxes.some((y) => {
          const both = cut(x, y);
          return shows(both) && !coveredAt(a.owner, b.owner, (both.left + both.right) / 2, (both.top + both.bottom) / 2);
        }),
      );
      if (hit) problems.push(`"${a.text}" overlaps "${b.text}"`);
    }
  }
  return problems;
}
