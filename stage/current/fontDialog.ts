/**
 * The editor's own font picker, as the current editor opens it for `inputs.selectFont`
 * (`openFontPickerV2`): a modal dialog of the site's theme fonts (its text presets, `--font_N`) and
 * a few fonts of the owner's own (focus kept inside, Escape closes it). A pick answers the panel
 * and closes; closing without one picks nothing.
 */
import { defaultPresets } from '../../src/editor/siteStyles';
import type { PickedFont } from '../../test/helpers/editorPlatformApi';
import type { ElementMaker } from '../dom';
import { CURRENT_LABELS } from './config';
import { showUntilClosed } from './modalDialog';

const OWN_FONTS: readonly PickedFont[] = [
  { family: 'Georgia,serif', size: 24, bold: true },
  { family: 'Courier New,monospace', size: 18 },
  { family: 'Verdana,sans-serif', size: 20, italic: true, underline: true },
];

/** The site's theme fonts, as the platform's page carries them (`--font_N` is preset N's). */
function themeFonts(): PickedFont[] {
  return Object.values(defaultPresets()).map((preset) => ({
    family: /\d(?:px)(?:\/\S+)?\s+([^;]+);?$/.exec(preset.value)?.[1] ?? preset.fontFamily,
    size: parseInt(preset.size, 10),
    bold: preset.weight === 'bold',
    italic: preset.style === 'italic',
    cssVariableName: `--${preset.editorKey}`,
  }));
}

const nameOf = (font: PickedFont) =>
  `${font.cssVariableName ? `${font.cssVariableName.slice(2)} ` : ''}${font.family.split(',')[0]} ${font.size}px${font.bold ? ' bold' : ''}${font.italic ? ' italic' : ''}${font.underline ? ' underlined' : ''}`;

export function openFontDialog(el: ElementMaker, host: HTMLElement, onPicked: (picked: PickedFont) => void): Promise<void> {
  const dialog = el('dialog', { class: 'stage-box', 'aria-label': CURRENT_LABELS.fontPicker });
  const button = (font: PickedFont) => {
    const pick = el('button', { type: 'button', class: 'stage-button stage-font' }, nameOf(font));
    pick.style.cssText = `display:block;width:100%;margin:2px 0;text-align:left;font-family:${font.family};font-weight:${font.bold ? 700 : 400};font-style:${font.italic ? 'italic' : 'normal'};text-decoration:${font.underline ? 'underline' : 'none'}`;
    pick.addEventListener('click', () => {
      onPicked(font);
      dialog.close();
    });
    return pick;
  };
  dialog.append(
    el('h2', { class: 'stage-box-title' }, CURRENT_LABELS.fontPicker),
    el('div', { role: 'group', 'aria-label': CURRENT_LABELS.themeFonts }, ...themeFonts().map(button)),
    el('div', { role: 'group', 'aria-label': CURRENT_LABELS.ownFonts }, ...OWN_FONTS.map(button)),
  );
  return showUntilClosed(dialog, host);
}
