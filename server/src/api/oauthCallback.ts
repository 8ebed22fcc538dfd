/**
 * The OAuth callback, a plugin: the provider sends the sign-in popup back here with `code` and
 * `state` (or `error` when the owner said no). The widget is named by the signed state, not by an
 * instance (the route is public), and only the browser that started the flow (its http-only
 * cookie) can finish it. Even then it binds nothing: the grant is held, and the popup's page hands
 * its completion code to the panel that opened the popup, which binds it with its own credential
 * (driveRoutes.ts, `connectComplete`). The popup gets a small page that says how it went.
 */
import { OAUTH_CALLBACK_PATH } from '../drive/driveConfig';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../db/unavailable';
import type { DriveConnection } from '../drive/driveConnection';
import { UpstreamUnavailableError } from '../drive/resilientFetch';
import bodies from '../http/bodies';
import { readUserModel } from '#client/contract/userModel';
import type { SettingsKey, SettingsStore } from '../db/settingsStore';
import { callbackLanguage } from '../oauth/callbackLanguage';
import type { RoutesPlugin } from '../http/typeProvider';
import {
  CALLBACK_PAGE_POLICY,
  callbackPage,
  clearFlowCookie,
  FLOW_COOKIE,
  OUTCOMES,
  readCookie,
  type CallbackOutcome,
  type Handover,
} from '../oauth/callbackPage';
import { ConsentDeniedError } from '../oauth/connectFlow';
import { GrantRevokedError, ProviderError } from '../oauth/provider';
import { OAuthStateError } from '../oauth/state';
import { callbackSchema } from './routeSchemas';

type PageStatus = 200 | 400 | 501 | 502 | 503;

/** The page for a failed callback; null for an error that is a bug (the framework answers 500). */
function failurePage(error: unknown): [PageStatus, CallbackOutcome] | null {
  if (error instanceof ConsentDeniedError) return [200, OUTCOMES.denied];
  if (error instanceof OAuthStateError) return [400, error.problem === 'expired' ? OUTCOMES.expired : OUTCOMES.refused];
  if (error instanceof GrantRevokedError) return [400, OUTCOMES.refused];
  if (error instanceof ProviderError || error instanceof UpstreamUnavailableError) return [502, OUTCOMES.failed];
  // A page, not the api's JSON 503: this answer is shown in the sign-in popup.
  if (error instanceof DatabaseUnavailableError) return [503, OUTCOMES.unavailable];
  return null;
}

/** The widget's saved locale, or null (no settings yet, or the database cannot say). */
async function widgetLocale(settings: SettingsStore, widget: SettingsKey): Promise<string | null> {
  const saved = await settings.read(widget).catch(() => null);
  return saved?.model ? readUserModel(saved.model).model.locale : null;
}

export const oauthCallbackRoute: RoutesPlugin<{ connection: DriveConnection | null; settings: SettingsStore }> = async (app, { connection, settings }) => {
  await app.register(bodies, { accept: [] });

  app.get(OAUTH_CALLBACK_PATH, { schema: callbackSchema, config: { access: 'public' } }, async (request, reply) => {
    const secure = request.protocol === 'https';
    const browserLanguage = callbackLanguage(null, request.headers['accept-language']);
    const page = (status: PageStatus, outcome: CallbackOutcome, handover?: Handover, language = browserLanguage) =>
      reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', CALLBACK_PAGE_POLICY)
        .header('Set-Cookie', clearFlowCookie(secure))
        .type('text/html; charset=utf-8')
        .send(callbackPage(outcome, language, handover));
    if (!connection) return page(501, OUTCOMES.failed);
    try {
      const granted = await connection.flow.complete(request.query, readCookie(request.headers.cookie, FLOW_COOKIE));
      const { instanceId, compId } = granted.widget;
      request.log.info({ instanceId, compId }, 'drive access granted, held for the panel that opened the sign-in');
      return page(200, OUTCOMES.handover, granted, callbackLanguage(await widgetLocale(settings, granted.widget), request.headers['accept-language']));
    } catch (error) {
      const failure = failurePage(error);
      if (!failure) throw error;
      if (!(error instanceof ConsentDeniedError)) {
        request.log.warn({ problem: error instanceof OAuthStateError ? error.problem : (error as Error).name }, 'drive authorization refused');
      }
      if (failure[0] === 503) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return page(...failure);
    }
  });
};
