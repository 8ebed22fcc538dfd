/**
 * Connect tickets, as the server has them (src/contract/connectTicket.ts): the owner's access token
 * gets a ticket; the mock's authenticate page takes it once, within its minute, in place of the
 * legacy instance (which the current editor's popup does not have).
 */
import { CONNECT_TICKET_LIFETIME_MS, isConnectTicketText } from '../../src/contract/connectTicket';
import { base64UrlEncodeBytes } from '../../src/api/instance';
import { forbidden, json, type Context, type Reply } from '../http';
import type { StateStore } from '../state';

const newTicket = (): string => base64UrlEncodeBytes(crypto.getRandomValues(new Uint8Array(32)));

export function connectTicket(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const now = Date.now();
  for (const [ticket, expiresAt] of Object.entries(ctx.state.connectTickets)) if (expiresAt <= now) delete ctx.state.connectTickets[ticket];
  const ticket = newTicket();
  ctx.state.connectTickets[ticket] = now + CONNECT_TICKET_LIFETIME_MS;
  ctx.commit();
  return json(200, { ticket });
}

/** Takes the ticket (once): true when it was issued and is still in its minute. */
export function takeConnectTicket(store: StateStore, ticket: string | null, now = Date.now()): boolean {
  if (!isConnectTicketText(ticket)) return false;
  const state = store.load();
  const expiresAt = state.connectTickets[ticket];
  if (expiresAt === undefined) return false;
  delete state.connectTickets[ticket];
  store.save(state);
  return expiresAt > now;
}
