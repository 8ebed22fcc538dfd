/** The mock's request context and answers, and readers of the bodies the client sends. */
import type { DriveAccess } from '../src/contract/driveAccess';
import type { Request } from 'miragejs';
import { CONNECTED_COOKIE } from '../src/contract/cookies';
import { NO_WIDGET } from '../src/contract/issues';
import { RETRY_AFTER_HEADER, retryAfterValue } from '../src/contract/retryAfter';
import type { DecodedInstance } from './instance';
import type { MockState } from './state';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Context {
  query: URLSearchParams;
  rawBody: unknown;
  instance: DecodedInstance;
  key: string;
  /** Whether the request names a widget (origCompId, or a compId other than the panel's). */
  hasWidgetId: boolean;
  state: MockState;
  /** The pageSizes switch (switches.ts): sizes of a listing's first pages. */
  pageSizes: readonly number[];
  /** The saveOverrides switch (switches.ts): fields written over a save's model before it is checked. */
  saveOverrides: Readonly<Record<string, unknown>> | null;
  /** The driveAccess switch (switches.ts): browse or picker, as the server's DRIVE_ACCESS. */
  driveAccess: DriveAccess;
  /** Saves the (changed) state to the store. */
  commit(): void;
  /** Sets a cookie as the server's Set-Cookie would (in the browser; absent in tests, whose panel has a cookie jar of its own). */
  setCookie?: (cookie: string) => void;
}

/** The cookie the server's completion sets for the panel (spec §4: connected=true shows the confirmation). */
export function connectedCookie(protocol: string): string {
  const cookie = `${CONNECTED_COOKIE}=true; path=/`;
  return protocol === 'https:' ? `${cookie}; SameSite=None; Secure` : cookie;
}

export const json = (status: number, body?: unknown): Reply => ({ status, body });
export const noContent = (): Reply => ({ status: 204 });
/** A refusal that passes with time, with the server's Retry-After when one is set. */
export const unavailable = (retryAfterSeconds: number | null): Reply => ({
  ...json(503, { error: 'unavailable', message: 'The service is unavailable; try again.' }),
  ...(retryAfterSeconds === null ? {} : { headers: { [RETRY_AFTER_HEADER]: retryAfterValue(retryAfterSeconds) } }),
});
export const forbidden = () => json(403, { error: 'forbidden', message: "Only the site's owner may change this." });
const notConnected = () => json(401, { error: 'not_connected', message: 'No drive account is connected.' });
export const noComponent = () => json(400, NO_WIDGET);

/**
 * The 401 a drive route answers when no grant is usable (not connected, or the owner removed the
 * app's access: `reconnect_required`, as the real server says); null when the drive may be used.
 */
export function driveDenied(ctx: Context): Reply | null {
  if (ctx.state.grantEnded) return json(401, { error: 'reconnect_required', message: 'Access to the drive has ended: connect it again.' });
  return ctx.state.connected ? null : notConnected();
}
export const notFound = (message: string) => json(404, { error: 'not_found', message });

const urls = new WeakMap<Request, URL>();

/** The request's URL, parsed once per request (the passthrough check and the handler both read it). */
export function requestUrl(request: Request): URL {
  let url = urls.get(request);
  if (!url) {
    const base = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
    urls.set(request, (url = new URL(request.url, base)));
  }
  return url;
}

export function readForm(body: unknown): URLSearchParams {
  if (typeof body === 'string') return new URLSearchParams(body);
  if (body instanceof URLSearchParams) return new URLSearchParams(body);
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const form = new URLSearchParams();
    body.forEach((value, name) => {
      if (typeof value === 'string') form.append(name, value);
    });
    return form;
  }
  return new URLSearchParams();
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON body, or (when the body is form-encoded) its fields. Null when unreadable. */
export function readJsonBody(body: unknown): Record<string, unknown> | null {
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      return isPlainObject(parsed) ? parsed : null;
    } catch {
      return body.includes('=') ? Object.fromEntries(readForm(body)) : null;
    }
  }
  if (body instanceof URLSearchParams || (typeof FormData !== 'undefined' && body instanceof FormData)) {
    return Object.fromEntries(readForm(body));
  }
  return null;
}
