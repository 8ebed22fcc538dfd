import { UI_FONT_STACK } from '../i18n/fonts';
import { useInsertionEffect } from 'react';

/**
 * Design tokens. Each one is a CSS custom property with a fallback, so a host page can retheme
 * the primitives by setting e.g. `--ui-accent` on :root without touching the components.
 */
export const tokens = {
  font: `var(--ui-font, ${UI_FONT_STACK})`,
  fontSize: 'var(--ui-font-size, 13px)',
  text: 'var(--ui-text, #20303c)',
  muted: 'var(--ui-text-muted, #5f7180)',
  accent: 'var(--ui-accent, #2b5672)',
  accentStrong: 'var(--ui-accent-strong, #1f4158)',
  accentSoft: 'var(--ui-accent-soft, rgba(43, 86, 114, 0.14))',
  surface: 'var(--ui-surface, #ffffff)',
  border: 'var(--ui-border, #d3dce3)',
  radius: 'var(--ui-radius, 6px)',
  shadow: 'var(--ui-shadow, 0 10px 30px rgba(18, 38, 52, 0.22), 0 1px 3px rgba(18, 38, 52, 0.12))',
  backdrop: 'var(--ui-backdrop, rgba(18, 30, 40, 0.45))',
  focus: 'var(--ui-focus, rgba(58, 111, 147, 0.5))',
  layerZ: 'var(--ui-layer-z, 1000)',
} as const;

/** Appends `<style data-ui="{id}">` to document.head unless one with that id is already there. */
function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined') return;
  const head = document.head;
  for (const existing of Array.from(head.querySelectorAll('style[data-ui]'))) {
    if (existing.getAttribute('data-ui') === id) return;
  }
  const style = document.createElement('style');
  style.setAttribute('data-ui', id);
  style.textContent = css;
  head.appendChild(style);
}

/** Injects a component's stylesheet once, before the component's DOM is laid out. */
export function useInjectedStyles(id: string, css: string): void {
  useInsertionEffect(() => {
    injectStyles(id, css);
  }, [id, css]);
}

/** Joins class names, skipping empty values. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
