/**
 * The truncate filter of spec §5: at most `length` characters of text, then `suffix`, cut at the
 * last space within the length so that no word is split (a single word longer than the length is
 * cut at the length). Text that fits is returned unchanged.
 */
export function truncate(text: string, length = 10, suffix = '...'): string {
  if (text.length <= length) return text;
  // A space right after the first `length` characters is a cut that keeps them all.
  const lastSpace = text.slice(0, length + 1).lastIndexOf(' ');
  const cut = lastSpace > 0 ? text.slice(0, lastSpace) : text.slice(0, length);
  return cut.trimEnd() + suffix;
}
