/**
 * The connect ticket: how the panel in the platform's current editor, whose calls carry the access
 * token in a header, opens the drive's authenticate route in a popup, which cannot carry a header
 * (and a token must never be put in a URL). The panel asks for a ticket with its token (the owner's
 * route `connectTicket`), then opens the authenticate route with `ticket=<ticket>` alone. A ticket is
 * 32 random bytes in base64url: it names nothing itself, works once, for CONNECT_TICKET_LIFETIME_MS,
 * and only for the widget (site and widget key) the token named. The server and Mirage both apply
 * this rule.
 */

/** The query field of the authenticate route that carries a ticket. */
export const CONNECT_TICKET_FIELD = 'ticket';

/** How long a ticket may wait for its popup: long enough for a slow popup, too short to be worth stealing. */
export const CONNECT_TICKET_LIFETIME_MS = 60_000;

/** A ticket's form: 43 base64url characters (32 random bytes). */
export function isConnectTicketText(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
