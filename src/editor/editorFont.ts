/**
 * Fonts between the model and the current editor's font picker (`inputs.selectFont`), which speaks
 * CSS: `{font, textDecoration}`, `font` a shorthand such as `italic bold 16px "Georgia","serif"`,
 * wrapped as `var(--font_8, …)` when it is one of the site's text presets (`font_8` is Body-M, the
 * preset's `editorKey`), and `textDecoration` 'underline' or nothing. The picker's answer is
 * hostile until read: anything the model cannot keep (no size in px, a family of other characters
 * than letters, digits, spaces, '-' and '_', a size the font rule refuses) is null.
 */
import { checkFontValue, CUSTOM_PRESET, type FontValue } from '../contract/font';
import { isRecord } from '../contract/record';
import type { SiteTextPresets } from './EditorBridge';

/** What `inputs.selectFont` takes and answers. */
export interface EditorFont {
  font: string;
  textDecoration?: string;
}

const UNDERLINE = 'underline';
const THEME_FONT = /^font_\d{1,2}$/;
/** The longest font shorthand read (a family stack of a few names). */
const MAX_FONT_CSS_LENGTH = 500;
const FAMILY_NAME = /^[\p{L}\p{N} _-]{1,100}$/u;
const CSS_IDENTIFIER = /^-?[A-Za-z_][\w-]*$/;

/** A family name as CSS writes it: quoted unless it is an identifier (`sans-serif`, `avenir-lt-w01_35-light1475496`). */
const quoted = (name: string) => (CSS_IDENTIFIER.test(name) ? name : `"${name}"`);

function familiesOf(stack: string): string[] | null {
  const names = stack.split(',').map((name) =>
    name
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2')
      .trim(),
  );
  return names.length > 0 && names.every((name) => FAMILY_NAME.test(name)) ? names : null;
}

/** The CSS the picker opens on for the model's font (a site preset's as its theme font). */
export function fontToCss(font: FontValue, presets: SiteTextPresets): EditorFont {
  const families = familiesOf(font.cssFontFamily ?? font.family) ?? familiesOf(font.family) ?? ['serif'];
  const shorthand = `${font.style.italic ? 'italic ' : ''}${font.style.bold ? 'bold ' : ''}${font.size}px ${families.map(quoted).join(',')}`;
  const editorKey = presets[font.preset]?.editorKey;
  const css = editorKey && THEME_FONT.test(editorKey) ? `var(--${editorKey}, ${shorthand})` : shorthand;
  return font.style.underline ? { font: css, textDecoration: UNDERLINE } : { font: css };
}

/** The preset whose theme font `editorKey` is, or the custom preset. */
function presetOf(editorKey: string | undefined, presets: SiteTextPresets): string {
  if (!editorKey) return CUSTOM_PRESET;
  return Object.entries(presets).find(([, preset]) => preset.editorKey === editorKey)?.[0] ?? CUSTOM_PRESET;
}

/** The model's font for the picker's answer, or null when it is none the model can keep. */
export function fontFromCss(answer: unknown, presets: SiteTextPresets): FontValue | null {
  if (!isRecord(answer) || typeof answer.font !== 'string' || answer.font.length > MAX_FONT_CSS_LENGTH) return null;
  const theme = /^var\(\s*--(font_\d{1,2})\s*,\s*(.+)\)$/s.exec(answer.font.trim());
  const shorthand = (theme ? theme[2]! : answer.font).trim();
  const parts = /^((?:(?:italic|oblique|normal|bold|bolder|lighter|\d{3})\s+)*)(\d+(?:\.\d+)?)px(?:\/\S+)?\s+(.+)$/i.exec(shorthand);
  if (!parts) return null;
  const words = parts[1]!.toLowerCase().split(/\s+/);
  const families = familiesOf(parts[3]!);
  if (!families) return null;
  const checked = checkFontValue({
    size: Number(parts[2]),
    style: {
      bold: words.some((word) => word === 'bold' || word === 'bolder' || Number(word) >= 600),
      italic: words.includes('italic') || words.includes('oblique'),
      underline: answer.textDecoration === UNDERLINE,
    },
    family: families[0],
    cssFontFamily: families.map(quoted).join(','),
    preset: presetOf(theme?.[1], presets),
    fontStyleParam: false,
  });
  return checked.ok ? checked.value : null;
}
