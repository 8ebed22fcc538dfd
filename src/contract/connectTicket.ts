/**
 * The connect ticket: how the panel opens the drive's authenticate route in a popup, which can carry
 * neither the current editor's access token (a header) nor any reusable credential in its URL (the
 * legacy `instance` is valid a day: a link made with it would let any browser start a flow for the
 * widget). In both models the panel asks for a ticket with its own credential (the owner's route
 * `connectTicket`), then sends its popup to the authenticate route with `ticket=<ticket>` alone; the
 * route takes nothing else. A ticket is 32 random bytes in base64url: it names nothing itself, works
 * once, for CONNECT_TICKET_LIFETIME_MS, and only for the widget (site and widget) the credential
 * named. What the popup brings back is bound by the panel itself (connectCompletion.ts). The server
 * and Mirage both apply this rule.
 */

/** The query field of the authenticate route that carries a ticket. */
export const CONNECT_TICKET_FIELD = 'ticket';

/** How long a ticket may wait for its popup: long enough for a slow popup, too short to be worth stealing. */
export const CONNECT_TICKET_LIFETIME_MS = 60_000;

/** A ticket's form: 43 base64url characters (32 random bytes). */
export function isConnectTicketText(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
