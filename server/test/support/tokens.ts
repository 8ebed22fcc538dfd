/** Requests of the platform's current model: the raw access token in `Authorization`, the widget key on the query. */
import type { FastifyInstance } from 'fastify';
import { FORM } from './requests';

export const KEY = '6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b';

export interface TokenWho {
  token?: string;
  widgetKey?: string;
  instance?: string;
  /** The client's address (default: inject's 127.0.0.1). */
  from?: string;
}

export function tokenUrl(path: string, who: TokenWho): string {
  const params = new URLSearchParams({ widgetKey: who.widgetKey ?? KEY });
  if (who.instance !== undefined) params.set('instance', who.instance);
  return `${path}?${params.toString()}`;
}

const auth = (who: TokenWho): Record<string, string> => (who.token === undefined ? {} : { authorization: who.token });

export function readWith(app: FastifyInstance, who: TokenWho) {
  return app.inject({ method: 'GET', url: tokenUrl('/api/user', who), headers: auth(who), remoteAddress: who.from });
}

export function saveWith(app: FastifyInstance, who: TokenWho, user: unknown, revision: number) {
  const payload = new URLSearchParams({ user: JSON.stringify(user), revision: String(revision) }).toString();
  return app.inject({ method: 'POST', url: tokenUrl('/api/save', who), payload, headers: { 'content-type': FORM, ...auth(who) }, remoteAddress: who.from });
}
