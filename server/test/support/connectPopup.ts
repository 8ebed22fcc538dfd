/**
 * The sign-in popup as a browser drives it, through `inject` and the fake provider: the panel asks
 * for a connect ticket with its owner's credential, the popup (its own browser's cookie jar) opens
 * the authenticate route with the ticket, presses Allow or Deny on the consent page and comes back
 * to the callback, whose page holds the completion code; the panel then finishes the connection
 * with its own credential. And the popup's last page run as a browser would (its inline script, in
 * jsdom), with or without a panel as its opener.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LightMyRequestResponse } from 'fastify';
import { pressConsent } from './driveHarness';
import { browserJar, type BrowserJar } from './browserJar';
import { apiUrl, type Who } from './requests';
import { tokenUrl } from './tokens';

interface Injects {
  inject(options: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }): Promise<LightMyRequestResponse>;
}

/** The panel's credential: the legacy signed instance (`who`), or the current model's access token and widget key. */
export type PanelCredential = { who: Who } | { token: string; widgetKey?: string };

function credentialed(path: string, panel: PanelCredential): { url: string; headers: Record<string, string> } {
  if ('who' in panel) return { url: apiUrl(path, panel.who), headers: {} };
  return { url: tokenUrl(path, { widgetKey: panel.widgetKey }), headers: { authorization: panel.token } };
}

/** The panel asks for a ticket with its credential (POST /api/connect-ticket). */
export async function askTicket(t: Injects, panel: PanelCredential): Promise<string> {
  const { url, headers } = credentialed('/api/connect-ticket', panel);
  const answer = await t.inject({ method: 'POST', url, headers });
  if (answer.statusCode !== 200) throw new Error(`no ticket: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { ticket: string }).ticket;
}

export interface PopupRun {
  /** The authenticate route's answer. */
  start: LightMyRequestResponse;
  /** The callback's URL (path and query) the consent page sent the popup to, and its answer (the popup's last page). */
  callbackUrl: string;
  callback: LightMyRequestResponse;
  /** The completion code the last page hands to its opener; null when it holds none. */
  completion: string | null;
}

/** The popup, in the browser of `jar`, opens `authenticateUrl`, answers the consent page and comes back to the callback. */
export async function runPopup(t: Injects, authenticateUrl: string, jar: BrowserJar, decision: 'allow' | 'deny' = 'allow'): Promise<PopupRun> {
  const start = await t.inject({ method: 'GET', url: authenticateUrl, headers: { cookie: jar.header() } });
  if (start.statusCode !== 302) throw new Error(`authenticate answered ${start.statusCode}: ${start.body}`);
  jar.take(start.headers['set-cookie']);
  const back = await pressConsent(String(start.headers.location), decision);
  const callbackUrl = back.pathname + back.search;
  const callback = await t.inject({ method: 'GET', url: callbackUrl, headers: { cookie: jar.header() } });
  jar.take(callback.headers['set-cookie']);
  return { start, callbackUrl, callback, completion: completionOf(callback.body) };
}

/** The completion code a callback page carries for its opener, or null. */
export function completionOf(html: string): string | null {
  return /data-completion="([A-Za-z0-9_-]+)"/.exec(html)?.[1] ?? null;
}

/** The panel finishes the connection with its own credential (POST /api/connect-complete). */
export function complete(t: Injects, panel: PanelCredential, completion: unknown): Promise<LightMyRequestResponse> {
  const { url, headers } = credentialed('/api/connect-complete', panel);
  return t.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ completion }) });
}

/** Connects the panel's widget the whole way, as the owner's panel and popup do; returns the popup's run and the completion's answer. */
export async function connectThroughPopup(t: Injects, panel: PanelCredential, jar = browserJar()) {
  const ticket = await askTicket(t, panel);
  const popup = await runPopup(t, `/api/authenticate?ticket=${ticket}`, jar);
  if (popup.completion === null) throw new Error(`the callback page holds no completion: ${popup.callback.statusCode} ${popup.callback.body}`);
  const finished = await complete(t, panel, popup.completion);
  if (finished.statusCode !== 204) throw new Error(`the connection did not complete: ${finished.statusCode} ${finished.body}`);
  return { ticket, popup, finished };
}

export interface PopupPage {
  /** The text a person sees (hidden parts left out), whitespace collapsed. */
  shown: string;
  /** What the page posted to its opener, with the target origin. */
  posted: { data: unknown; targetOrigin: string }[];
  closed: boolean;
}

export interface PopupPages {
  /** Runs a callback page at `url`, with a stand-in opener or none (a page opened by no page); answers `waitMs` after it loaded. */
  run(html: string, withOpener: boolean, options?: { url?: string; waitMs?: number }): Promise<PopupPage>;
  close(): Promise<void>;
}

/** Runs callback pages' own scripts as a browser would (jsdom, in one worker for the caller: popupPageWorker.cjs). */
export function popupPages(): PopupPages {
  const worker = new Worker(path.join(__dirname, 'popupPageWorker.cjs'));
  const waiting = new Map<number, (page: PopupPage) => void>();
  let next = 0;
  worker.on('message', ({ id, page }: { id: number; page: PopupPage }) => {
    waiting.get(id)?.(page);
    waiting.delete(id);
  });
  return {
    run(html, withOpener, { url = 'http://localhost/api/oauth/callback', waitMs = 50 } = {}) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, html, url, withOpener, waitMs });
      });
    },
    close: async () => void (await worker.terminate()),
  };
}
