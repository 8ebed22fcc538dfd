/**
 * One browser's cookies, for tests that drive the sign-in popup with `inject`: each browser (the
 * owner's, a victim's) has its own jar, so a cookie set in one never reaches the other.
 */
export interface BrowserJar {
  /** Keeps the cookies of an answer's Set-Cookie (a cookie set to '' or Max-Age=0 is dropped). */
  take(setCookie: string | string[] | undefined): void;
  /** The Cookie header this browser sends (every path: the tests' routes are all on one host). */
  header(): string;
  get(name: string): string | undefined;
}

export function browserJar(): BrowserJar {
  const cookies = new Map<string, string>();
  return {
    take(setCookie) {
      for (const line of ([] as string[]).concat(setCookie ?? [])) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /;\s*Max-Age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    get: (name) => cookies.get(name),
  };
}
