/**
 * The connect completion: how a drive granted in the sign-in popup becomes a widget's. The OAuth
 * callback does not bind the grant to the widget the flow was begun for: whoever opened the
 * authenticate link (any browser) would bind it. It holds the grant (CONNECT_COMPLETION_LIFETIME_MS,
 * once) under a random completion code, which its page hands only to `window.opener`, by
 * `postMessage` with our own origin as the target: the panel that opened the popup. The panel takes
 * the message only from that popup and from its own origin, and sends the code to the owner's route
 * `connectComplete` with its own credential; the server binds the grant only when the flow was begun
 * for the caller's widget (site and widget), else refuses it (`connect_refused`) and drops it.
 * The server, its callback page, the panel and Mirage all apply this rule.
 */
import { isConnectTicketText } from './connectTicket';

/** The `type` of the popup's message to its opener. */
export const CONNECT_COMPLETION_MESSAGE = 'dfw-connect-completion';

/** The field of the `connectComplete` body (JSON) that carries the code. */
export const CONNECT_COMPLETION_FIELD = 'completion';

/** How long a granted drive waits for its panel: as long as the flow's own state lives. */
export const CONNECT_COMPLETION_LIFETIME_MS = 10 * 60 * 1000;

/** How long the popup's page waits for its opener to take the code and close it, before it says that nothing was connected. */
export const CONNECT_HANDOVER_WAIT_MS = 5000;

/** A completion code's form: 32 random bytes in base64url, as a ticket's. */
export const isConnectCompletionText = (value: unknown): value is string => isConnectTicketText(value);

export interface ConnectCompletionMessage {
  type: typeof CONNECT_COMPLETION_MESSAGE;
  completion: string;
}

export const connectCompletionMessage = (completion: string): ConnectCompletionMessage => ({ type: CONNECT_COMPLETION_MESSAGE, completion });

/** The completion code a message carries, or null for any other message (a message is hostile until checked). */
export function completionOfMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, completion } = data as Record<string, unknown>;
  return type === CONNECT_COMPLETION_MESSAGE && isConnectCompletionText(completion) ? completion : null;
}
