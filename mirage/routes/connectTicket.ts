/**
 * Connecting, as the server has it: the owner's credential (either model) gets a connect ticket for
 * its widget (src/contract/connectTicket.ts); the mock's sign-in page takes it once, within its
 * minute, and on Allow holds the grant under a completion code for that widget, which it hands to
 * the panel that opened it (src/contract/connectCompletion.ts); the panel binds it with its own
 * credential (`connectComplete`), only for that widget, once.
 */
import * as v from 'valibot';
import { CONNECT_TICKET_LIFETIME_MS, isConnectTicketText } from '../../src/contract/connectTicket';
import { CONNECT_COMPLETION_LIFETIME_MS } from '../../src/contract/connectCompletion';
import { CONNECT_REFUSED, describeIssues } from '../../src/contract/issues';
import { connectCompleteBodySchema } from '../../src/contract/schemas';
import { base64UrlEncodeBytes } from '../../src/api/instance';
import { connectedCookie, forbidden, json, noComponent, noContent, readJsonBody, type Context, type Reply } from '../http';
import type { ConnectHold, StateStore } from '../state';

const randomCode = (): string => base64UrlEncodeBytes(crypto.getRandomValues(new Uint8Array(32)));

function dropExpired(holds: Record<string, ConnectHold>, now: number): void {
  for (const [code, hold] of Object.entries(holds)) if (hold.expiresAt <= now) delete holds[code];
}

export function connectTicket(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  if (!ctx.hasWidgetId) return noComponent();
  const now = Date.now();
  dropExpired(ctx.state.connectTickets, now);
  const ticket = randomCode();
  ctx.state.connectTickets[ticket] = { key: ctx.key, instanceId: ctx.instance.instanceId, expiresAt: now + CONNECT_TICKET_LIFETIME_MS };
  ctx.commit();
  return json(200, { ticket });
}

/** Takes the ticket (once): the widget it was issued for while it is in its minute, else null. */
export function takeConnectTicket(store: StateStore, ticket: string | null, now = Date.now()): ConnectHold | null {
  if (!isConnectTicketText(ticket)) return null;
  const state = store.load();
  const hold = state.connectTickets[ticket];
  if (hold === undefined) return null;
  delete state.connectTickets[ticket];
  store.save(state);
  return hold.expiresAt > now ? hold : null;
}

/** The sign-in page's Allow: holds the grant for the ticket's widget; answers the completion code for the page's opener. */
export function holdCompletion(store: StateStore, ticketHold: ConnectHold, now = Date.now()): string {
  const state = store.load();
  dropExpired(state.connectCompletions, now);
  const completion = randomCode();
  state.connectCompletions[completion] = { key: ticketHold.key, instanceId: ticketHold.instanceId, expiresAt: now + CONNECT_COMPLETION_LIFETIME_MS };
  store.save(state);
  return completion;
}

/** The panel binds the held grant with its own credential: only its own widget's, once, in time; any other claim drops it. */
export function connectComplete(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const body = v.safeParse(connectCompleteBodySchema, readJsonBody(ctx.rawBody) ?? {});
  if (!body.success) return json(400, describeIssues(body.issues, 'body'));
  const hold = ctx.state.connectCompletions[body.output.completion];
  delete ctx.state.connectCompletions[body.output.completion];
  if (hold === undefined || hold.expiresAt <= Date.now() || hold.key !== ctx.key) {
    ctx.commit();
    return json(400, CONNECT_REFUSED);
  }
  ctx.state.connected = true;
  ctx.state.grantEnded = false;
  ctx.commit();
  ctx.setCookie?.(connectedCookie(typeof location === 'undefined' ? 'http:' : location.protocol));
  return noContent();
}
