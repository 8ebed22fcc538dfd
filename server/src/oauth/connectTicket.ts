/**
 * Connect tickets on the server (the rule: src/contract/connectTicket.ts). A ticket is issued to the
 * owner's credential (legacy instance or access token) for its widget, and redeemed once by the
 * authenticate route. The server keeps only the ticket's SHA-256, in `oauth_pending` beside the
 * OAuth states' nonces, under a prefix of its own (a nonce is never a ticket's hash, nor the other
 * way round): single use and expiry hold for a whole fleet, and a copy of the table opens nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CONNECT_TICKET_LIFETIME_MS, isConnectTicketText } from '#client/contract/connectTicket';
import type { SettingsKey } from '../db/settingsStore';
import type { PendingAuthorizations } from './state';

export interface ConnectTickets {
  /** A new ticket for the widget, and when it expires (ms since the epoch). */
  issue(widget: SettingsKey): Promise<{ ticket: string; expiresAt: number }>;
  /** The widget the ticket was issued for, once; null for a ticket of another form, unknown, used or expired. */
  redeem(ticket: unknown): Promise<SettingsKey | null>;
}

const storedAs = (ticket: string) => `connect-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;

export function createConnectTickets(pending: PendingAuthorizations, now: () => number = Date.now): ConnectTickets {
  return {
    async issue(widget) {
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = now() + CONNECT_TICKET_LIFETIME_MS;
      await pending.add({ nonce: storedAs(ticket), instanceId: widget.instanceId, compId: widget.compId, expiresAt });
      return { ticket, expiresAt };
    },
    async redeem(ticket) {
      if (!isConnectTicketText(ticket)) return null;
      const taken = await pending.take(storedAs(ticket), now());
      return taken ? { instanceId: taken.instanceId, compId: taken.compId } : null;
    },
  };
}
