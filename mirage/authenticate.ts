/**
 * The dev-only page served at /api/authenticate, opened by the settings panel in a popup. It stands
 * in for the drive provider's consent screen and the server's callback page at once, and plays the
 * server's protocol (src/contract/connectTicket.ts, connectCompletion.ts):
 * - it opens with a connect ticket only (taken once, at load), issued to the owner's panel for its
 *   widget; anything else (no ticket, a legacy instance, a used or expired ticket) offers no Allow;
 * - Allow holds the grant for the ticket's widget under a completion code and hands the code to
 *   `window.opener` by postMessage, to this page's own origin; the panel that opened the popup
 *   closes it and binds the drive with its own credential. Opened by no page, or not closed by its
 *   opener in time, the page says that nothing was connected;
 * - Cancel just closes it.
 * It names the site (the app instance) its ticket was issued for.
 *
 * Importing this module has no side effects; authenticateEntry.ts mounts the page.
 */
import { CONNECT_HANDOVER_WAIT_MS, connectCompletionMessage } from '../src/contract/connectCompletion';
import { CONNECT_TICKET_FIELD } from '../src/contract/connectTicket';
import { avatarDataUri, ME } from './drive';
import type { StateStore } from './state';
import { holdCompletion, takeConnectTicket } from './routes/connectTicket';

export const AUTHENTICATE_QUESTION = 'Grant Drive File Widget access to your drive?';
export const NO_TICKET = 'This sign-in link is unknown, used or expired: connect your drive again from the settings panel.';

/** What the server's callback page says (its words: the panel catalogue's `callback.*`, in English). */
const WORDS = {
  handoverTitle: 'Connecting your drive',
  handoverText: "Your site's editor is finishing the connection. This window closes by itself.",
  aloneTitle: 'Nothing was connected',
  aloneText:
    "This sign-in was not started from your site's editor in this browser, so nothing was connected. Close this window and connect your drive from the settings panel.",
  site: (instanceId: string) => `Site (app instance): ${instanceId}`,
};

/** The window the page hands the code to (window.opener), as far as the page uses it. */
export type PageOpener = Pick<Window, 'postMessage'>;

export interface AuthenticatePageOptions {
  /** Closes the popup (default: the document's window.close()). */
  close?: () => void;
  /** The page that opened the popup (default: the document's window.opener); null: opened by no page. */
  opener?: PageOpener | null;
  /** How long Allow waits for the opener to close the popup (default CONNECT_HANDOVER_WAIT_MS). */
  handoverWaitMs?: number;
}

export interface MountedAuthenticatePage {
  root: HTMLElement;
  allowButton: HTMLButtonElement;
  cancelButton: HTMLButtonElement;
  unmount(): void;
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: { className?: string; text?: string; id?: string } = {},
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  if (props.className) el.className = props.className;
  if (props.id) el.id = props.id;
  if (props.text !== undefined) el.textContent = props.text;
  return el;
}

function accountLine(doc: Document): HTMLElement {
  const account = element(doc, 'p', { className: 'mock-auth-account' });
  const avatar = element(doc, 'img', { className: 'mock-auth-avatar' });
  avatar.src = avatarDataUri(ME);
  avatar.alt = '';
  avatar.width = 32;
  avatar.height = 32;
  const name = element(doc, 'span', { className: 'mock-auth-name', text: ME.displayName });
  const email = element(doc, 'span', { className: 'mock-auth-email', text: ME.emailAddress });
  account.append(avatar, name, ' ', email);
  return account;
}

export function mountAuthenticatePage(doc: Document, store: StateStore, options: AuthenticatePageOptions = {}): MountedAuthenticatePage {
  const host = doc.querySelector<HTMLElement>('[data-mock-auth]') ?? doc.body;
  const close = options.close ?? (() => doc.defaultView?.close());
  const opener = options.opener !== undefined ? options.opener : ((doc.defaultView?.opener as PageOpener | null | undefined) ?? null);
  const query = new URLSearchParams(doc.location ? doc.location.search : '');
  // The ticket alone opens the page, once: the widget it was issued for is the only one this sign-in can connect.
  const ticket = takeConnectTicket(store, query.get(CONNECT_TICKET_FIELD));

  const root = element(doc, 'main', { className: 'mock-auth' });
  root.setAttribute('aria-labelledby', 'mock-auth-title');
  const title = element(doc, 'h1', { id: 'mock-auth-title', text: AUTHENTICATE_QUESTION });
  const scope = element(doc, 'p', {
    className: 'mock-auth-scope',
    text: 'Drive File Widget will be able to see the files in your drive and change who they are shared with.',
  });
  const site = element(doc, 'p', { className: 'mock-auth-site', text: ticket ? WORDS.site(ticket.instanceId) : '' });
  site.hidden = !ticket;
  const problem = element(doc, 'p', { className: 'mock-auth-problem', text: NO_TICKET });
  problem.setAttribute('role', 'alert');
  problem.hidden = ticket !== null;

  const actions = element(doc, 'div', { className: 'mock-auth-actions' });
  const cancelButton = element(doc, 'button', { className: 'mock-auth-cancel', text: 'Cancel' });
  cancelButton.type = 'button';
  const allowButton = element(doc, 'button', { className: 'mock-auth-allow', text: 'Allow' });
  allowButton.type = 'button';
  allowButton.disabled = ticket === null;
  actions.append(cancelButton, allowButton);

  /** What the server's callback page says when no panel of ours took the code. */
  const alone = () => {
    title.textContent = WORDS.aloneTitle;
    scope.textContent = WORDS.aloneText;
    actions.hidden = true;
  };
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const onAllow = () => {
    if (!ticket || allowButton.disabled) return;
    allowButton.disabled = true;
    const completion = holdCompletion(store, ticket);
    title.textContent = WORDS.handoverTitle;
    scope.textContent = WORDS.handoverText;
    if (!opener) {
      alone();
      return;
    }
    opener.postMessage(connectCompletionMessage(completion), doc.location.origin);
    waiting = setTimeout(alone, options.handoverWaitMs ?? CONNECT_HANDOVER_WAIT_MS);
  };
  const onCancel = () => close();
  allowButton.addEventListener('click', onAllow);
  cancelButton.addEventListener('click', onCancel);

  root.append(title, accountLine(doc), scope, site, problem, actions);
  host.append(root);
  if (ticket) allowButton.focus();

  return {
    root,
    allowButton,
    cancelButton,
    unmount() {
      clearTimeout(waiting);
      allowButton.removeEventListener('click', onAllow);
      cancelButton.removeEventListener('click', onCancel);
      root.remove();
    },
  };
}
