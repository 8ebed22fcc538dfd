/**
 * Font stacks by language. Japanese and Korean name their own system fonts before the generic
 * family, so Han characters take the Japanese or Korean shapes rather than a Chinese fallback's.
 */
import type { Language } from './languages';

export const LATIN_UI_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial';

const CJK_FONTS: Partial<Record<Language, string>> = {
  ja: '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", "Yu Gothic", Meiryo, "Noto Sans CJK JP", "Noto Sans JP"',
  ko: '"Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK KR", "Noto Sans KR"',
};

export function fontStack(language: Language): string {
  const cjk = CJK_FONTS[language];
  return cjk ? `${LATIN_UI_FONTS}, ${cjk}, sans-serif` : `${LATIN_UI_FONTS}, sans-serif`;
}

/** Line breaking: Korean breaks between words, Japanese keeps its strict kinsoku rules. */
export function lineBreaking(language: Language): { wordBreak?: 'keep-all'; lineBreak?: 'strict' } {
  if (language === 'ko') return { wordBreak: 'keep-all' };
  if (language === 'ja') return { lineBreak: 'strict' };
  return {};
}
