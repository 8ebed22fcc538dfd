/**
 * The site theme's main colours, each editable: a change sets the canvas's `--color_N`, so every
 * palette reference the element draws follows it at once, as on the platform's page.
 */
import type { ElementMaker } from '../dom';
import { CURRENT_LABELS } from './config';

const EDITABLE = ['color_11', 'color_15', 'color_18', 'color_23', 'color_28'];

export function themeBox(el: ElementMaker, theme: Record<string, string>, onChange: (name: string, value: string) => void): HTMLElement {
  const fields = EDITABLE.map((name) => {
    const input = el('input', { type: 'color', id: `theme-${name}`, value: (theme[name] ?? '#000000').toLowerCase() });
    input.addEventListener('input', () => {
      theme[name] = input.value;
      onChange(name, input.value);
    });
    return el('div', { class: 'stage-field' }, el('label', { for: `theme-${name}` }, name), input);
  });
  return el(
    'section',
    { class: 'stage-box', 'aria-labelledby': 'stage-theme-title' },
    el('h2', { id: 'stage-theme-title', class: 'stage-box-title' }, CURRENT_LABELS.theme),
    ...fields,
  );
}
