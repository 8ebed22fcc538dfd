/**
 * How the owner's Design and Text settings draw the widget: corner radii, border, background,
 * text colour, and the title bar in the chosen font. Palette references are resolved against the
 * palette of the moment, so they follow a palette change.
 */
import type { CSSProperties } from 'react';
import { DEFAULT_FONT } from '../contract/font';
import type { UserModel } from '../contract/userModel';
import type { SiteColor } from '../editor/EditorBridge';
import { DEFAULT_SITE_COLORS } from '../editor/sitePalette';
import { resolveColor } from '../ui/colorValue';
import { fontCss } from '../ui/fontCss';

/**
 * The palette to draw with before the site's own palette has answered (and on the server): the
 * default palette, with the colours the owner's palette had when the settings were last changed.
 */
export function savedPalette(m: UserModel): readonly SiteColor[] {
  return DEFAULT_SITE_COLORS.map((color) => {
    const value = m.paletteColors[color.name];
    return value ? { ...color, value } : color;
  });
}

export function frameStyle(m: UserModel, palette: readonly SiteColor[]): CSSProperties {
  return {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    boxSizing: 'border-box',
    borderTopLeftRadius: m.cornerRadiusTopLeft,
    borderTopRightRadius: m.cornerRadiusTopRight,
    borderBottomLeftRadius: m.cornerRadiusBottomLeft,
    borderBottomRightRadius: m.cornerRadiusBottomRight,
    border: m.borderWidth > 0 ? `${m.borderWidth}px solid ${resolveColor(m.borderColor, palette)}` : undefined,
    background: resolveColor(m.backgroundColor, palette),
    color: resolveColor(m.textColor, palette),
  };
}

export function titleBarStyle(m: UserModel, palette: readonly SiteColor[]): CSSProperties {
  return {
    ...fontCss(m.font ?? DEFAULT_FONT),
    flex: 'none',
    margin: 0,
    padding: '0.45em 0.75em',
    lineHeight: 1.3,
    color: resolveColor(m.textColor, palette),
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  };
}
