/**
 * The rule for the address of a service the server calls (the drive provider's endpoints, the
 * platform's token-info): an absolute https URL; plain http only for localhost in development.
 */

/** What is wrong with `value` as the address `name` names, or null when it may be used. */
export function serviceUrlProblem(name: string, value: string, development: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return `${name} must be an absolute URL, got "${value}".`;
  }
  const local = parsed.hostname === 'localhost' || parsed.hostname === '127.0.0.1';
  if (parsed.protocol !== 'https:' && !(development && local)) {
    return `${name} must use https (plain http only for localhost in development), got "${value}".`;
  }
  return null;
}
