/** Requests shaped the way the client sends them (src/api/client.ts). */
import type { FastifyInstance } from 'fastify';

export interface Who {
  instance?: string;
  compId?: string;
  origCompId?: string;
  /** The current model's widget key (sent only when given). */
  widgetKey?: string;
}

export function apiUrl(path: string, who: Who, extra: Record<string, string> = {}): string {
  const key: Record<string, string> = who.widgetKey ? { widgetKey: who.widgetKey } : {};
  const params = new URLSearchParams({ instance: who.instance ?? '', compId: who.compId ?? '', origCompId: who.origCompId ?? '', ...key, ...extra });
  return `${path}?${params.toString()}`;
}

export const FORM = 'application/x-www-form-urlencoded; charset=UTF-8';

export function save(app: FastifyInstance, who: Who, user: unknown, revision: number | string, headers: Record<string, string> = {}) {
  const payload = new URLSearchParams({ user: typeof user === 'string' ? user : JSON.stringify(user), revision: String(revision) }).toString();
  return app.inject({ method: 'POST', url: apiUrl('/api/save', who), payload, headers: { 'content-type': FORM, ...headers } });
}

export function readUser(app: FastifyInstance, who: Who) {
  return app.inject({ method: 'GET', url: apiUrl('/api/user', who) });
}
