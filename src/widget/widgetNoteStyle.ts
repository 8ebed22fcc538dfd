/**
 * How the widget's notes look (the owner's hints, loading, a failure), for both renderings: the
 * iframe page's React view and the custom element's DOM.
 */
import type { CSSProperties } from 'react';
import type { Translator } from '../i18n/translator';
import type { WidgetSource } from '../i18n/widget/en';

const text = (i18n: Translator<WidgetSource>): CSSProperties => ({
  // The system's UI font; with the note's `lang`, the browser takes the language's own system font
  // for Han, kana and Hangul (Japanese shapes for Japanese). The panel names its fonts (src/i18n/fonts.ts).
  fontFamily: 'system-ui, sans-serif',
  overflowWrap: 'anywhere',
  lineBreak: 'strict',
  // Korean breaks between words, as its spaces mean; Japanese may break between characters.
  wordBreak: i18n.language === 'ko' ? 'keep-all' : undefined,
});

export const note = (i18n: Translator<WidgetSource>): CSSProperties => ({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  padding: 16,
  fontSize: 14,
  color: '#3b4a56',
  background: '#f4f6f8',
  border: '1px dashed #b8c4ce',
  borderRadius: 6,
  boxSizing: 'border-box',
  ...text(i18n),
});

export const privateNote = (i18n: Translator<WidgetSource>): CSSProperties => ({
  position: 'absolute',
  left: 8,
  right: 8,
  bottom: 8,
  margin: 0,
  padding: '6px 10px',
  background: '#fff4e5',
  color: '#6b3d00',
  border: '1px solid #f0c98a',
  borderRadius: 4,
  fontSize: 13,
  ...text(i18n),
});
