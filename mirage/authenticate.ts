/**
 * The dev-only page served at /api/authenticate, opened by the settings panel in a popup.
 * It stands in for the drive provider's consent screen: Allow connects the mock drive (state store
 * plus the `connected` cookie the panel looks for) and closes the popup; Cancel just closes it.
 * Only the owner may allow: the legacy instance's, or the bearer of a connect ticket (current editor).
 *
 * Importing this module has no side effects; authenticateEntry.ts mounts the page.
 */
import { CONNECTED_COOKIE } from '../src/contract/cookies';
import { avatarDataUri, ME } from './drive';
import { decodeInstance } from './instance';
import type { StateStore } from './state';
import { takeConnectTicket } from './routes/connectTicket';
import { CONNECT_TICKET_FIELD } from '../src/contract/connectTicket';

export const AUTHENTICATE_QUESTION = 'Grant Drive File Widget access to your drive?';

export interface AuthenticatePageOptions {
  /** Closes the popup (default: the document's window.close()). */
  close?: () => void;
}

export interface MountedAuthenticatePage {
  root: HTMLElement;
  allowButton: HTMLButtonElement;
  cancelButton: HTMLButtonElement;
  unmount(): void;
}

/** The cookie the settings panel reads after the popup closes. */
export function connectedCookie(protocol: string): string {
  const cookie = `${CONNECTED_COOKIE}=true; path=/`;
  return protocol === 'https:' ? `${cookie}; SameSite=None; Secure` : cookie;
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

export function mountAuthenticatePage(doc: Document, store: StateStore, options: AuthenticatePageOptions = {}): MountedAuthenticatePage {
  const host = doc.querySelector<HTMLElement>('[data-mock-auth]') ?? doc.body;
  const close = options.close ?? (() => doc.defaultView?.close());
  const query = new URLSearchParams(doc.location ? doc.location.search : '');
  // The legacy panel names its owner by the instance; the current editor's by a connect ticket, taken once.
  const isOwner = decodeInstance(query.get('instance')).isOwner || takeConnectTicket(store, query.get(CONNECT_TICKET_FIELD));

  const root = element(doc, 'main', { className: 'mock-auth' });
  root.setAttribute('aria-labelledby', 'mock-auth-title');

  const title = element(doc, 'h1', { id: 'mock-auth-title', text: AUTHENTICATE_QUESTION });

  const account = element(doc, 'p', { className: 'mock-auth-account' });
  const avatar = element(doc, 'img', { className: 'mock-auth-avatar' });
  avatar.src = avatarDataUri(ME);
  avatar.alt = '';
  avatar.width = 32;
  avatar.height = 32;
  const name = element(doc, 'span', { className: 'mock-auth-name', text: ME.displayName });
  const email = element(doc, 'span', { className: 'mock-auth-email', text: ME.emailAddress });
  account.append(avatar, name, ' ', email);

  const scope = element(doc, 'p', {
    className: 'mock-auth-scope',
    text: 'Drive File Widget will be able to see the files in your drive and change who they are shared with.',
  });

  const problem = element(doc, 'p', { className: 'mock-auth-problem', text: "Only the site's owner can connect a drive." });
  problem.setAttribute('role', 'alert');
  problem.hidden = isOwner;

  const actions = element(doc, 'div', { className: 'mock-auth-actions' });
  const cancelButton = element(doc, 'button', { className: 'mock-auth-cancel', text: 'Cancel' });
  cancelButton.type = 'button';
  const allowButton = element(doc, 'button', { className: 'mock-auth-allow', text: 'Allow' });
  allowButton.type = 'button';
  allowButton.disabled = !isOwner;
  actions.append(cancelButton, allowButton);

  const onAllow = () => {
    if (!isOwner) return;
    const state = store.load();
    state.connected = true;
    state.grantEnded = false;
    store.save(state);
    doc.cookie = connectedCookie(doc.location ? doc.location.protocol : 'http:');
    close();
  };
  const onCancel = () => close();
  allowButton.addEventListener('click', onAllow);
  cancelButton.addEventListener('click', onCancel);

  root.append(title, account, scope, problem, actions);
  host.append(root);
  if (isOwner) allowButton.focus();

  return {
    root,
    allowButton,
    cancelButton,
    unmount() {
      allowButton.removeEventListener('click', onAllow);
      cancelButton.removeEventListener('click', onCancel);
      root.remove();
    },
  };
}
