/**
 * The editor's own colour picker, as the current editor opens it for `inputs.selectColor`: a modal
 * dialog of the site theme's colours (focus kept inside, Escape closes it). A pick answers the
 * panel with the theme colour (`--color_N`) and closes; closing without one picks nothing.
 */
import type { ElementMaker } from '../dom';
import { CURRENT_LABELS } from './config';
import { showUntilClosed } from './modalDialog';

export type PickedColor = { color?: string; theme?: string; cssVariableTheme?: string };

const SHADES = /^color_(1[1-9]|2\d|3[0-5])$/;

export function openColorDialog(el: ElementMaker, host: HTMLElement, theme: Record<string, string>, onPicked: (picked: PickedColor) => void): Promise<void> {
  const dialog = el('dialog', { class: 'stage-box', 'aria-label': CURRENT_LABELS.colorPicker });
  const swatches = Object.entries(theme)
    .filter(([name]) => SHADES.test(name))
    .map(([name, value]) => {
      const button = el('button', { type: 'button', 'aria-label': `${name}, ${value}`, title: `${name} ${value}`, class: 'stage-swatch' });
      button.style.cssText = `width:28px;height:28px;margin:2px;border:1px solid #8896a6;border-radius:4px;background:${value};cursor:pointer`;
      button.addEventListener('click', () => {
        onPicked({ color: value, cssVariableTheme: `--${name}` });
        dialog.close();
      });
      return button;
    });
  dialog.append(
    el('h2', { class: 'stage-box-title' }, CURRENT_LABELS.colorPicker),
    el('div', { style: 'display:grid;grid-template-columns:repeat(5,auto)' }, ...swatches),
  );
  return showUntilClosed(dialog, host);
}
