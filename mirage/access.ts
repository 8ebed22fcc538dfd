/**
 * Who a mock request comes from: the platform's current model (`Authorization: <access token>`,
 * judged by the contract's token rule over the fake token-info's answer, and the widget's key), or
 * the legacy one (the signed `instance`, decoded, and the widget's compId or origCompId).
 */
import { grantOf, isAccessTokenText } from '../src/contract/tokenGrant';
import { widgetIdOf } from '../src/contract/widgetId';
import { json, type Reply } from './http';
import { decodeInstance, type DecodedInstance } from './instance';
import { MOCK_APP_ID, tokenInfoOf } from './fakeTokenInfo';

export interface QueryValues {
  instance: string | null;
  compId: string | null;
  origCompId: string | null;
  widgetKey?: string | null;
}

export type CallerAccess = { ok: true; instance: DecodedInstance; widgetId: string | null } | { ok: false; reply: Reply };

/** The request's `Authorization` header (any case), or null. */
export function authorizationOf(headers: Record<string, string> | undefined): string | null {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization');
  return entry ? entry[1] : null;
}

const unauthorized = (error: string, message: string): CallerAccess => ({ ok: false, reply: json(401, { error, message }) });

export function callerAccess(values: QueryValues, authorization: string | null, now: number): CallerAccess {
  if (authorization === null) return { ok: true, instance: decodeInstance(values.instance), widgetId: widgetIdOf(values) };
  if (!isAccessTokenText(authorization)) return unauthorized('invalid_token', 'The access token is not in a form the platform issues.');
  const info = tokenInfoOf(authorization);
  if (info === null) return unauthorized('invalid_token', 'The platform does not know this access token.');
  const grant = grantOf(info, MOCK_APP_ID, now);
  if (!grant.ok)
    return grant.error === 'malformed_token_info'
      ? { ok: false, reply: json(503, { error: grant.error, message: grant.message }) }
      : unauthorized(grant.error, grant.message);
  if (values.instance && decodeInstance(values.instance).instanceId !== grant.instanceId) {
    return { ok: false, reply: json(403, { error: 'site_mismatch', message: 'The instance and the access token name different sites.' }) };
  }
  const widgetId = values.widgetKey ? `key:${values.widgetKey}` : null;
  return { ok: true, instance: { instanceId: grant.instanceId, isOwner: grant.isOwner, payload: null }, widgetId };
}
