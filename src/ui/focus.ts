const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input',
  'select',
  'textarea',
  'iframe',
  'summary',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function isDisabled(el: Element): boolean {
  return (el as HTMLButtonElement).disabled === true;
}

function isHidden(el: Element, container: Element): boolean {
  for (let node: Element | null = el; node && node !== container.parentElement; node = node.parentElement) {
    if ((node as HTMLElement).hidden || node.hasAttribute('inert')) return true;
    if ((node as HTMLElement).style?.display === 'none') return true;
  }
  return el instanceof HTMLInputElement && el.type === 'hidden';
}

/** Only the checked radio of a named group is tabbable (or the first one when none is checked). */
function isTabbableRadio(el: Element, all: Element[]): boolean {
  if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
  const group = all.filter(
    (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === el.name && other.form === el.form,
  );
  const checked = group.find((radio) => radio.checked);
  return checked ? checked === el : group[0] === el;
}

/** Keyboard-tabbable descendants of `container`, in DOM order. */
function getTabbable(container: HTMLElement): HTMLElement[] {
  const all = Array.from(container.querySelectorAll<HTMLElement>(CANDIDATES));
  return all.filter((el) => el.tabIndex >= 0 && !isDisabled(el) && !isHidden(el, container) && isTabbableRadio(el, all));
}

/**
 * Keeps Tab / Shift+Tab inside `container`: wraps from the last tabbable to the first and back,
 * and pulls focus back in if it has escaped. Call from a keydown handler for the Tab key.
 */
export function trapTabKey(event: KeyboardEvent, container: HTMLElement): void {
  const tabbable = getTabbable(container);
  const active = container.ownerDocument.activeElement;
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const outside = !active || !container.contains(active) || active === container;
  if (event.shiftKey) {
    if (outside || active === first) {
      event.preventDefault();
      last.focus();
    }
  } else if (outside || active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Moves focus into `container`: the preferred element, else the first tabbable, else the container. */
export function focusInside(container: HTMLElement, preferred?: HTMLElement | null): void {
  const target = preferred ?? getTabbable(container)[0] ?? container;
  target.focus();
}
