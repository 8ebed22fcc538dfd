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
