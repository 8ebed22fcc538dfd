/**
 * Appends parameters to a route template. When the template already holds a '?', further
 * parameters follow with '&' (spec §7); otherwise the first one opens the query with '?'.
 * Undefined values are left out; everything is percent-encoded.
 */
export type ParamValue = string | number | boolean | undefined;

export function buildUrl(template: string, params: Record<string, ParamValue>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  if (pairs.length === 0) return template;
  const joiner = template.includes('?') ? (template.endsWith('?') || template.endsWith('&') ? '' : '&') : '?';
  return template + joiner + pairs.join('&');
}

/** A form-encoded body (application/x-www-form-urlencoded). */
export function formEncode(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
