/**
 * What the popup shows at the end of the flow, and the cookies around it.
 * - The authenticate route keeps the flow's nonce in an http-only cookie limited to the callback's
 *   path, so only the browser that started a flow can finish it.
 * - A granted callback binds nothing: its page carries the completion code of the held grant
 *   (src/contract/connectCompletion.ts) and hands it to `window.opener` only, by postMessage with
 *   its own origin as the target, so only a page of ours that opened the popup gets it; the panel
 *   that did closes the popup and finishes with its own credential. The page names the site the
 *   flow was begun for. Opened by no page, or not closed by its opener in time, it says that
 *   nothing was connected.
 * - The completion route, not this page, sets `connected=true`, the cookie the panel reads to show
 *   its confirmation (spec §4).
 * The page runs one inline script, allowed by its hash and nothing else; what it needs is in the
 * body's data attributes.
 */
import { createHash } from 'node:crypto';
import { OAUTH_CALLBACK_PATH } from '../drive/driveConfig';
import { languageTag, type Language } from '#client/i18n/languages';
import { CALLBACK_WORDS } from './callbackLanguage';
import { POPUP_STYLE } from './popupStyle';
import { CONNECTED_COOKIE, COOKIE_TRUE } from '#client/contract/cookies';
import { CONNECT_COMPLETION_MESSAGE, CONNECT_HANDOVER_WAIT_MS } from '#client/contract/connectCompletion';
import type { GrantKey } from './grants';

export const FLOW_COOKIE = 'dfw_oauth';

export function flowCookie(nonce: string, secure: boolean, maxAgeSeconds: number): string {
  return `${FLOW_COOKIE}=${nonce}; Path=${OAUTH_CALLBACK_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearFlowCookie(secure: boolean): string {
  return flowCookie('', secure, 0);
}

/** The panel runs in the editor's frame (a third-party context on https), hence SameSite=None there. */
export function connectedCookie(secure: boolean): string {
  const cookie = `${CONNECTED_COOKIE}=${COOKIE_TRUE}; Path=/`;
  return secure ? `${cookie}; SameSite=None; Secure` : `${cookie}; SameSite=Lax`;
}

/** The value of one cookie of a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

const PAGE_SCRIPT =
  'var d=document.body.dataset;' +
  "document.getElementById('close').addEventListener('click',function(){window.close()});" +
  "function alone(){document.title=d.aloneTitle;document.getElementById('title').textContent=d.aloneTitle;document.getElementById('text').textContent=d.aloneText}" +
  `if(d.completion){if(window.opener){window.opener.postMessage({type:${JSON.stringify(CONNECT_COMPLETION_MESSAGE)},completion:d.completion},location.origin);setTimeout(alone,${CONNECT_HANDOVER_WAIT_MS})}else{alone()}}` +
  "else if(d.autoclose==='true'){setTimeout(function(){window.close()},600)}";
const PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

export const CALLBACK_PAGE_POLICY = `default-src 'none'; script-src ${PAGE_SCRIPT_HASH}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export interface CallbackOutcome {
  /** The page's words: `callback.<name>.title` and `.text` of the panel's catalogues. */
  name: 'handover' | 'denied' | 'expired' | 'refused' | 'failed' | 'unavailable';
  /** Close the popup by itself (after a connection, or when the owner said no). */
  autoClose: boolean;
}

export const OUTCOMES = {
  /** Granted: the code goes to the opener, which closes the popup (the page does not close itself). */
  handover: { name: 'handover', autoClose: false },
  denied: { name: 'denied', autoClose: true },
  expired: { name: 'expired', autoClose: false },
  refused: { name: 'refused', autoClose: false },
  failed: { name: 'failed', autoClose: false },
  /** This server cannot reach its database: nothing was connected; the owner may try again soon. */
  unavailable: { name: 'unavailable', autoClose: false },
} as const satisfies Record<string, CallbackOutcome>;

/** The title and text of an outcome in a language (the database's outage says the panel's "unavailable" words). */
function wordsOf({ name }: CallbackOutcome, language: Language): { title: string; text: string } {
  const words = CALLBACK_WORDS[language];
  if (name === 'unavailable') return { title: words['callback.failed.title'], text: words['error.reason.unavailable'] };
  return { title: words[`callback.${name}.title`], text: words[`callback.${name}.text`] };
}

/** A granted flow: the held grant's completion code, for the opener, and the widget it was begun for. */
export interface Handover {
  completion: string;
  widget: GrantKey;
}

function handoverParts(handover: Handover | undefined, language: Language): { attributes: string; site: string } {
  if (!handover) return { attributes: '', site: '' };
  const words = CALLBACK_WORDS[language];
  const data = { completion: handover.completion, 'alone-title': words['callback.alone.title'], 'alone-text': words['callback.alone.text'] };
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return { attributes, site: `\n<p id="site">${escapeHtml(words['callback.site'].replace('{site}', handover.widget.instanceId))}</p>` };
}

/** The popup's page for an outcome, in `language` (its `lang` set to match). */
export function callbackPage(outcome: CallbackOutcome, language: Language, handover?: Handover): string {
  const { attributes, site } = handoverParts(handover, language);
  const { title, text } = wordsOf(outcome, language);
  return `<!doctype html>
<html lang="${languageTag(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
${POPUP_STYLE}
</style>
</head>
<body data-autoclose="${outcome.autoClose}"${attributes}>
<main aria-labelledby="title">
<h1 id="title">${escapeHtml(title)}</h1>
<p id="text">${escapeHtml(text)}</p>${site}
<button type="button" id="close">${escapeHtml(CALLBACK_WORDS[language]['callback.close'])}</button>
</main>
<script>${PAGE_SCRIPT}</script>
</body>
</html>`;
}
