/**
 * One font stack for every language. Latin text takes the system UI font; Japanese and Korean
 * fall through to their own system fonts, named before the generic family, so Han and kana take
 * Japanese shapes (Japanese fonts come first) rather than a Chinese fallback's.
 */
export const UI_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, ' +
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", Meiryo, "Noto Sans CJK JP", ' +
  '"Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK KR", sans-serif';
