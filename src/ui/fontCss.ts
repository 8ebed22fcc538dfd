import type { CSSProperties } from 'react';

/** What it takes to draw text in a font value (spec §3's font picker value). */
export interface DrawableFont {
  size: number;
  style: { bold: boolean; italic: boolean; underline: boolean };
  family: string;
  cssFontFamily?: string;
}

/** A family name as CSS: quoted unless it is a single bare word or a generic family. */
export function cssFamilyName(family: string): string {
  return /^[\w-]+$/.test(family) ? family : `"${family.replace(/["\\]/g, '')}"`;
}

/** Inline CSS for text in `font`; the font's own stack first, then a sans-serif fallback. */
export function fontCss(font: DrawableFont): CSSProperties {
  const stack = font.cssFontFamily?.trim() || cssFamilyName(font.family);
  return {
    fontFamily: /\b(sans-serif|serif|monospace|cursive|fantasy|system-ui)\s*$/.test(stack) ? stack : `${stack}, sans-serif`,
    fontSize: font.size,
    fontWeight: font.style.bold ? 700 : 400,
    fontStyle: font.style.italic ? 'italic' : 'normal',
    textDecoration: font.style.underline ? 'underline' : 'none',
  };
}
