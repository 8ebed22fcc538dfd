/**
 * The server's shape: every route declares its schema and its caller (a route that does not stops
 * the start), input a schema refuses is a 400 that names the field, answers are serialized by
 * their schema, a handler never sees an unverified caller, and 405 comes from the routes themselves.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ROUTES } from '#client/api/routes';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import type { RouteEntry } from '../src/http/routeRules';
import { ownerInstance, visitorInstance } from './support/instances';
import { apiUrl, FORM, save, type Who } from './support/requests';
import { openTestDatabase, resetDatabase, testConfig } from './support/testApp';

jest.setTimeout(30_000);

let db: Database;
let app: FastifyInstance;
let logs: string[];
const panel = (instance = ownerInstance()): Who => ({ instance, compId: 'tpaSettings', origCompId: 'comp-1' });
const model = { activeFileId: 'file-1', activeFilePerm: 'reader' };
const anyQuery = v.object({});

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await resetDatabase(db);
  logs = [];
  const logStream = new PassThrough().on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  app = await buildApp({ config: testConfig(), db: { ...db, close: async () => undefined }, pages: null, logStream });
});
afterEach(async () => {
  await app.close();
});

async function refusal(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  return response.json() as { error: string; message: string };
}

describe('every route declares its shape', () => {
  test('a route without a schema, or without the parts it must declare, stops the start', () => {
    const handler = async () => 'x';
    const pub = { access: 'public' } as const;
    expect(() => app.get('/no-schema', { config: pub }, handler)).toThrow(/GET \/no-schema: a route declares its schema/);
    expect(() => app.get('/no-query', { schema: { response: { 200: v.string() } }, config: pub }, handler)).toThrow(/declares no querystring/);
    expect(() => app.get('/no-answer', { schema: { querystring: anyQuery }, config: pub }, handler)).toThrow(/declares no response/);
    const noBody = { schema: { querystring: anyQuery, response: { 200: v.string() } }, config: pub };
    expect(() => app.post('/no-body', noBody, handler)).toThrow(/a POST route's schema declares its body/);
  });

  test('a route that does not say who may call it stops the start, as one with a schema that is not valibot', async () => {
    const schema = { querystring: anyQuery, response: { 200: v.string() } };
    expect(() => app.get('/nobody-said', { schema }, async () => 'x')).toThrow(/config.access says who may call the route/);
    app.get('/json-schema', { schema: { querystring: { type: 'object' }, response: { 200: v.string() } }, config: { access: 'public' } }, async () => 'x');
    await expect(app.ready()).rejects.toThrow(/must be a valibot schema/);
  });

  test('every registered route declares its querystring, its answers and its caller; every api route of the client is served', async () => {
    await app.ready();
    const routes: readonly RouteEntry[] = app.routeTable();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const response = route.schema.response as Record<string, unknown>;
      expect([where, route.schema.querystring !== undefined]).toEqual([where, true]);
      expect([where, Object.keys(response).some((status) => /^[23]\d\d$/.test(status)), '4xx' in response, '5xx' in response]).toEqual([
        where,
        true,
        true,
        true,
      ]);
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) expect([where, route.schema.body !== undefined]).toEqual([where, true]);
      expect([where, ['owner', 'reader', 'public'].includes(String(route.config?.access))]).toEqual([where, true]);
      // Only the OAuth callback (signed state) and a browser's preflight (no credential, no work) are public api
      // paths; every write-limited route checks its caller.
      const open = route.url === '/api/oauth/callback' || route.method === 'OPTIONS';
      if (route.url.startsWith('/api/') && !open) expect([where, route.config?.access]).not.toEqual([where, 'public']);
      if (route.config?.writeLimit) expect([where, route.config.access]).toEqual([where, 'owner']);
    }
    const served = new Set(routes.map((r) => r.url));
    for (const url of Object.values(ROUTES)) expect(served).toContain(url);
  });
});

describe('input is checked by the schemas, and a refusal names the field', () => {
  test('query: a compId that is not one, or given twice, is a 400 naming querystring/compId', async () => {
    await app.ready();
    const bad = await refusal(await app.inject({ method: 'GET', url: apiUrl('/api/user', { ...panel(), origCompId: 'comp\u0001' }) }), 400);
    expect(bad).toEqual({ error: 'invalid_request', message: 'querystring/origCompId must be a component id.' });
    const twice = await refusal(await app.inject({ method: 'GET', url: `${apiUrl('/api/user', panel())}&origCompId=comp-2` }), 400);
    expect(twice.message).toMatch(/^querystring\/origCompId /);
  });

  test("form body: the save's fields are named, with the codes the client knows", async () => {
    await app.ready();
    expect(await refusal(await save(app, panel(), model, 'one'), 400)).toEqual({
      error: 'invalid_revision',
      message: 'body/revision must be a whole number ≥ 0, got "one".',
    });
    const noUser = await app.inject({ method: 'POST', url: apiUrl('/api/save', panel()), payload: 'revision=0', headers: { 'content-type': FORM } });
    expect(await refusal(noUser, 400)).toEqual({ error: 'invalid_user', message: 'body/user is missing.' });
    const twice = await app.inject({
      method: 'POST',
      url: apiUrl('/api/save', panel()),
      payload: `${new URLSearchParams({ user: JSON.stringify(model), revision: '0' })}&revision=1`,
      headers: { 'content-type': FORM },
    });
    expect((await refusal(twice, 400)).error).toBe('invalid_revision');
  });

  test('a save in JSON is refused by Fastify with 415: the settings routes parse forms only', async () => {
    await app.ready();
    const json = await app.inject({
      method: 'POST',
      url: apiUrl('/api/save', panel()),
      payload: JSON.stringify({ user: JSON.stringify(model), revision: '0' }),
      headers: { 'content-type': 'application/json' },
    });
    expect((await refusal(json, 415)).error).toBe('unsupported_media_type');
    expect((await db.query('SELECT 1 FROM widget_settings')).length).toBe(0);
  });
});

describe('the plugins around a handler', () => {
  test('a handler never sees an unverified caller; one that asks for no access check cannot read one', async () => {
    const seen: unknown[] = [];
    const schema = { querystring: anyQuery, response: { 200: v.object({ site: v.string() }) } };
    app.get('/owner-only', { schema, config: { access: 'owner' } }, async (request) => {
      seen.push(request.access);
      return { site: request.access.key.instanceId };
    });
    app.get('/open', { schema, config: { access: 'public' } }, async (request) => ({ site: request.access.key.instanceId }));
    await app.ready();
    expect(await refusal(await app.inject({ method: 'GET', url: apiUrl('/owner-only', panel(visitorInstance())) }), 403)).toMatchObject({ error: 'forbidden' });
    expect(await refusal(await app.inject({ method: 'GET', url: apiUrl('/owner-only', { compId: 'comp-1' }) }), 401)).toMatchObject({
      error: 'missing_instance',
    });
    expect(await refusal(await app.inject({ method: 'GET', url: apiUrl('/owner-only', { instance: ownerInstance() }) }), 400)).toMatchObject({
      error: 'missing_component',
    });
    expect(seen).toEqual([]);
    expect((await app.inject({ method: 'GET', url: apiUrl('/owner-only', panel()) })).json()).toEqual({ site: 'site-1' });
    expect(seen).toEqual([{ key: { instanceId: 'site-1', compId: 'comp-1' }, isOwner: true }]);
    expect(await refusal(await app.inject({ method: 'GET', url: '/open' }), 500)).toMatchObject({ error: 'internal' });
  });

  test('answers are serialized by their schema: unknown keys are dropped, a wrong shape is a server fault', async () => {
    const schema = { querystring: anyQuery, response: { 200: v.object({ name: v.string() }) } };
    app.get('/extra', { schema, config: { access: 'public' } }, async () => ({ name: 'kept', token: 'never-sent' }) as { name: string });
    app.get('/wrong', { schema, config: { access: 'public' } }, async () => ({ name: 42 }) as unknown as { name: string });
    await app.ready();
    const extra = await app.inject({ method: 'GET', url: '/extra' });
    expect(extra.body).toBe('{"name":"kept"}');
    expect(await refusal(await app.inject({ method: 'GET', url: '/wrong' }), 500)).toEqual({
      error: 'internal',
      message: 'Something went wrong on the server. Try again.',
    });
    expect(logs.join('')).toContain('The 200 answer of GET /wrong does not match its schema at name');
  });

  test("405 comes from the registered routes: Allow lists the path's methods, even where the assets' catch-all answers GET", async () => {
    await app.ready();
    const get = await app.inject({ method: 'GET', url: apiUrl('/api/save', panel()) });
    expect(await refusal(get, 405)).toMatchObject({ error: 'method_not_allowed' });
    expect(get.headers.allow).toBe('POST');
    const put = await app.inject({ method: 'PUT', url: apiUrl('/api/user', panel()) });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    const permissions = await app.inject({ method: 'PATCH', url: '/api/permissions' });
    expect(String(permissions.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'POST']);
    expect(await refusal(await app.inject({ method: 'PUT', url: '/nothing-here' }), 404)).toMatchObject({ error: 'not_found' });
  });
});
