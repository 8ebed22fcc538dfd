/**
 * The authorization-code flow with PKCE, from the authenticate route to the panel's completion:
 *
 *   begin(widget)       records a pending nonce, returns the provider's consent URL (state signed,
 *                       bound to the instance and component, expiring) and the nonce, which the
 *                       route also keeps in an http-only cookie of the popup's browser.
 *   complete(callback)  checks the state (signature, expiry, single use, the same browser),
 *                       exchanges the code with the derived PKCE verifier, and holds the grant
 *                       (pendingGrants.ts): it answers the completion code, for the popup's opener.
 *   bind(code, widget)  the panel's own credential named `widget`: the held grant becomes its, if
 *                       its flow was begun for that widget (src/contract/connectCompletion.ts).
 */
import type { DriveGrants, GrantKey } from './grants';
import type { PendingGrants } from './pendingGrants';
import { authorizationUrl, exchangeCode, type ProviderConfig } from './provider';
import type { CallOptions } from '../drive/resilientFetch';
import { codeChallengeFor, codeVerifierFor, createState, newNonce, OAuthStateError, STATE_LIFETIME_MS, verifyState, type PendingAuthorizations } from './state';

export interface ConnectFlowDeps {
  appSecret: string;
  provider: ProviderConfig;
  pending: PendingAuthorizations;
  /** Grants between the callback and the panel's completion. */
  held: PendingGrants;
  grants: DriveGrants;
  now?: () => number;
  http?: CallOptions;
}

export interface CallbackQuery {
  code?: string | null;
  state?: string | null;
  error?: string | null;
}

/** The owner pressed Deny (or the provider refused) on the consent page. */
export class ConsentDeniedError extends Error {
  constructor(readonly reason: string) {
    super(`The drive provider did not grant access (${reason}).`);
    this.name = 'ConsentDeniedError';
  }
}

export class ConnectFlow {
  private readonly now: () => number;

  constructor(private readonly deps: ConnectFlowDeps) {
    this.now = deps.now ?? Date.now;
  }

  async begin(widget: GrantKey): Promise<{ url: string; nonce: string; expiresAt: number }> {
    const nonce = newNonce();
    const expiresAt = this.now() + STATE_LIFETIME_MS;
    const binding = { instanceId: widget.instanceId, compId: widget.compId, nonce, expiresAt };
    await this.deps.pending.add(binding);
    const state = createState(this.deps.appSecret, binding);
    const challenge = codeChallengeFor(codeVerifierFor(this.deps.appSecret, nonce));
    return { url: authorizationUrl(this.deps.provider, state, challenge), nonce, expiresAt };
  }

  /**
   * `browserNonce` is the nonce the authenticate route left in the popup's cookie: a state that
   * reaches another browser than the one that started the flow is refused.
   */
  async complete(query: CallbackQuery, browserNonce: string | null): Promise<{ widget: GrantKey; completion: string }> {
    if (!query.state) throw new OAuthStateError('malformed', 'The callback has no state.');
    const binding = verifyState(this.deps.appSecret, query.state, this.now());
    const pending = await this.deps.pending.take(binding.nonce, this.now());
    if (!pending || pending.instanceId !== binding.instanceId || pending.compId !== binding.compId) {
      throw new OAuthStateError('replayed', 'This authorization was already used or never started here.');
    }
    if (browserNonce !== binding.nonce) throw new OAuthStateError('forged', 'This authorization was started in another browser.');
    if (query.error) throw new ConsentDeniedError(query.error);
    if (!query.code) throw new OAuthStateError('malformed', 'The callback has no code.');
    const widget = { instanceId: binding.instanceId, compId: binding.compId };
    const verifier = codeVerifierFor(this.deps.appSecret, binding.nonce);
    const tokens = await exchangeCode(this.deps.provider, query.code, verifier, this.now(), this.deps.http);
    return { widget, completion: await this.deps.held.hold(widget, tokens) };
  }

  /** Binds the grant held under `completion` to `widget`; false when it is not that widget's to bind (then it is dropped). */
  async bind(completion: unknown, widget: GrantKey): Promise<boolean> {
    const tokens = await this.deps.held.claim(completion, widget);
    if (!tokens) return false;
    await this.deps.grants.connect(widget, tokens);
    return true;
  }
}
