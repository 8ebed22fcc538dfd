/**
 * The address the server prints when it starts. `app.listen` answers the socket's address
 * (`http://127.0.0.1:3000` for `localhost`), but the OAuth flow's cookies belong to the host of the
 * registered callback: a stage opened at another host name of the same machine loses them. So where
 * the callback is on this server (a loopback host, the same port), its origin is the one printed.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function shownAddress(listenAddress: string, redirectUri: string | undefined): string {
  if (!redirectUri) return listenAddress;
  const listening = new URL(listenAddress);
  const callback = new URL(redirectUri);
  const local = LOOPBACK.has(listening.hostname) && LOOPBACK.has(callback.hostname);
  return local && callback.port === listening.port && callback.protocol === listening.protocol ? callback.origin : listenAddress;
}
