/**
 * The access token the platform hands the custom element. `@wix/site` types the injector it assigns
 * to an element's `accessTokenListener` as `(getAccessTokenFn: () => Promise<string>) => void`: the
 * platform passes a function that returns a promise of the token, asked again for each request
 * (tokens expire). A plain string is still taken as it is. Anything else, or a function that fails,
 * gives no token: the request then goes without one and the server refuses it.
 */
export type AccessTokenSource = () => Promise<string | null>;

export const NO_TOKEN: AccessTokenSource = () => Promise.resolve(null);
const asToken = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function accessTokenSource(given: unknown): AccessTokenSource {
  if (typeof given === 'string') return () => Promise.resolve(asToken(given));
  if (typeof given !== 'function') return NO_TOKEN;
  const ask = given as () => unknown;
  return () =>
    Promise.resolve()
      .then(ask)
      .then(asToken, () => null);
}
