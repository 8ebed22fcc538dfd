/** @jest-environment node */
import { ApiError } from './ApiError';
import { createApiClient } from './client';
import { readQueryValues } from './queryValues';
import { ROUTES } from './routes';
import { buildUrl } from './url';
import { defaultUserModel } from './schemas';
import { QUERY, json, recordingClient, recordingFetch, type Recorded } from '../../test/helpers/recordingFetch';

const fileList = { items: [{ id: 'f1', title: 'A', mimeType: 'application/pdf' }], nextPageToken: 'p2' };
const client = recordingClient;

describe('query values', () => {
  it('reads instance, compId and origCompId from the query string, null when absent or empty', () => {
    expect(readQueryValues('?instance=abc.def&compId=tpaSettings&origCompId=comp-9&locale=en')).toEqual({
      instance: 'abc.def',
      compId: 'tpaSettings',
      origCompId: 'comp-9',
    });
    expect(readQueryValues('?compId=comp-1&origCompId=')).toEqual({ instance: null, compId: 'comp-1', origCompId: null });
    expect(readQueryValues('')).toEqual({ instance: null, compId: null, origCompId: null });
  });

  it('carries all three on every route, a null as an empty parameter', async () => {
    const { api, calls } = client(
      (req) => {
        if (req.url.pathname === ROUTES.filesList) return json(fileList);
        if (req.url.pathname === ROUTES.permissionsList && req.method === 'GET') return json({ items: [] });
        if (req.url.pathname === ROUTES.permissionsList && req.method === 'POST') return json({ role: 'reader', type: 'anyone' });
        if (req.url.pathname === ROUTES.about) return json({ user: { displayName: 'A', emailAddress: 'a@b.c' } });
        if (req.url.pathname === ROUTES.save) return json({ revision: 1 });
        return req.method === 'GET' ? json({}) : new Response(null, { status: 204 });
      },
      { instance: null, compId: 'comp-1', origCompId: null },
    );
    await api.loadUserModel();
    await api.about();
    await api.listFiles({ folderId: 'root' });
    await api.readPermissions('f1');
    await api.insertPermission('f1', 'reader');
    await api.deletePermission('f1');
    await api.save(defaultUserModel());
    await api.disconnect();
    await api.deleteSettings();
    await api.completeConnection('C'.repeat(43));
    expect(calls).toHaveLength(10);
    for (const call of calls) {
      expect(call.url.searchParams.get('instance')).toBe('');
      expect(call.url.searchParams.get('compId')).toBe('comp-1');
      expect(call.url.searchParams.get('origCompId')).toBe('');
    }
    expect(calls[9]).toMatchObject({ method: 'POST', body: JSON.stringify({ completion: 'C'.repeat(43) }) });
    // The popup's address carries the one-time ticket and nothing else: no credential in a URL.
    const auth = new URL(api.authenticateUrl('T'.repeat(43)), 'http://stage.test');
    expect(auth.pathname).toBe(ROUTES.authenticate);
    expect([...auth.searchParams]).toEqual([['ticket', 'T'.repeat(43)]]);
  });
});

describe('url templates', () => {
  it("opens the query with '?' when the template has none", () => {
    expect(buildUrl('/api/files', { a: '1', b: 'x y' })).toBe('/api/files?a=1&b=x%20y');
  });
  it("appends with '&' when the template already holds '?'", () => {
    expect(buildUrl('/api/files?alt=json', { a: '1' })).toBe('/api/files?alt=json&a=1');
    expect(buildUrl('/api/files?', { a: '1' })).toBe('/api/files?a=1');
  });
  it('uses templates from the table it is given', async () => {
    const { calls, fetchFn } = recordingFetch(() => json(fileList));
    const api = createApiClient({ query: QUERY, fetch: fetchFn, routes: { ...ROUTES, filesList: '/v2/files?alt=json' } });
    await api.listFiles({ folderId: 'root' });
    const raw = calls[0]!.url.href;
    expect(raw).toContain('/v2/files?alt=json&instance=');
    expect(raw.split('?')).toHaveLength(2);
  });
});

describe('filesList', () => {
  it('sends the listing query, maxResults 50 and the page token', async () => {
    const { api, calls } = client(() => json(fileList));
    await api.listFiles({ folderId: "it's\\x", pageToken: 'tok2' });
    const params = calls[0]!.url.searchParams;
    expect(calls[0]!.method).toBe('GET');
    expect(params.get('q')).toBe("trashed = false and ('it\\'s\\\\x' in parents or not 'me' in owners)");
    expect(params.get('maxResults')).toBe('50');
    expect(params.get('pageToken')).toBe('tok2');
  });
  it('leaves pageToken out on the first page', async () => {
    const { api, calls } = client(() => json(fileList));
    const page = await api.listFiles({ folderId: 'root' });
    expect(calls[0]!.url.searchParams.has('pageToken')).toBe(false);
    expect(page.nextPageToken).toBe('p2');
    expect(page.items[0]!.title).toBe('A');
  });
});

describe('GET cache', () => {
  it('answers a repeated GET from the cache', async () => {
    const { api, calls } = client(() => json(fileList));
    const a = await api.listFiles({ folderId: 'root' });
    const b = await api.listFiles({ folderId: 'root' });
    expect(calls).toHaveLength(1);
    expect(b).toEqual(a);
  });
  it('goes to the server on refresh and keeps the fresh answer', async () => {
    let n = 0;
    const { api, calls } = client(() => json({ items: [{ id: `f${++n}`, title: 't', mimeType: 'text/plain' }] }));
    await api.listFiles({ folderId: 'root' });
    const fresh = await api.listFiles({ folderId: 'root', fresh: true });
    const again = await api.listFiles({ folderId: 'root' });
    expect(calls).toHaveLength(2);
    expect(fresh.items[0]!.id).toBe('f2');
    expect(again.items[0]!.id).toBe('f2');
  });
  it('does not keep failed answers', async () => {
    let n = 0;
    const { api, calls } = client(() => (++n === 1 ? json({ error: 'x' }, 503) : json(fileList)));
    await expect(api.listFiles({ folderId: 'root' })).rejects.toMatchObject({ code: 'http', status: 503 });
    await expect(api.listFiles({ folderId: 'root' })).resolves.toEqual(fileList);
    expect(calls).toHaveLength(2);
  });
  it("forgets a file's permissions after a permission is inserted or deleted", async () => {
    let role = 'reader';
    const { api, calls } = client((req) =>
      req.method === 'GET'
        ? json({ items: [{ role, type: 'anyone' }] })
        : req.method === 'POST'
          ? json({ role: 'writer', type: 'anyone' })
          : new Response(null, { status: 204 }),
    );
    await api.readPermissions('f1');
    role = 'writer';
    await api.insertPermission('f1', 'writer');
    expect((await api.readPermissions('f1')).items[0]!.role).toBe('writer');
    await api.deletePermission('f1');
    await api.readPermissions('f1');
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET', 'DELETE', 'GET']);
  });
});

describe('payloads', () => {
  it('save POSTs a form-encoded body whose field user holds the JSON of the user model', async () => {
    const { api, calls } = client(() => json({ revision: 8 }));
    const user = { ...defaultUserModel(), activeFileId: 'f&1=2', locale: 'de' };
    expect(await api.save(user, { revision: 7 })).toEqual({ revision: 8 });
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe(ROUTES.save);
    expect(call.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(call.body);
    expect([...form.keys()]).toEqual(['user', 'revision']);
    expect(JSON.parse(form.get('user')!)).toEqual(user);
    expect(form.get('revision')).toBe('7');
  });
  it('the permission insert POSTs fileId, role and type anyone', async () => {
    const { api, calls } = client(() => json({ role: 'writer', type: 'anyone' }));
    await api.insertPermission('f1', 'writer');
    expect(calls[0]!.method).toBe('POST');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ fileId: 'f1', role: 'writer', type: 'anyone' });
  });
  it('the permission read asks for fields items(role, type)', async () => {
    const { api, calls } = client(() => json({ items: [{ role: 'reader', type: 'anyone' }] }));
    await api.readPermissions('f1');
    expect(calls[0]!.url.searchParams.get('fileId')).toBe('f1');
    expect(calls[0]!.url.searchParams.get('fields')).toBe('items(role, type)');
  });
  it('delete is a DELETE with a form-encoded content type and no body', async () => {
    const { api, calls } = client(() => new Response(null, { status: 204 }));
    await api.deleteSettings();
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.url.pathname).toBe(ROUTES.delete);
    expect(calls[0]!.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(calls[0]!.body).toBeUndefined();
  });
  it('disconnect POSTs with no body', async () => {
    const { api, calls } = client(() => new Response(null, { status: 204 }));
    await api.disconnect();
    expect(calls[0]).toMatchObject({ method: 'POST', body: undefined });
    expect(calls[0]!.url.pathname).toBe(ROUTES.disconnect);
  });
});

describe('answers are checked at the edge', () => {
  it('a malformed answer becomes a typed error', async () => {
    const { api } = client(() => json({ items: [{ id: 7, title: null }] }));
    const error = await api.listFiles({ folderId: 'root' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'malformed', route: 'filesList' });
  });
  it('an answer that is not JSON becomes a typed error', async () => {
    const { api } = client(() => new Response('<html>oops</html>', { status: 200 }));
    await expect(api.about()).rejects.toMatchObject({ code: 'malformed', route: 'about' });
  });
  it('401 means no account is connected; other statuses are http errors; no answer is network', async () => {
    await expect(client(() => json({}, 401)).api.about()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    await expect(client(() => new Response('', { status: 401 })).api.about()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    await expect(client(() => json({ error: 'not_connected' }, 401)).api.listFiles({ folderId: 'root' })).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(client(() => json({}, 500)).api.save(defaultUserModel())).rejects.toMatchObject({ code: 'http', status: 500 });
    await expect(client(() => Promise.reject(new TypeError('Failed to fetch'))).api.about()).rejects.toMatchObject({ code: 'network' });
  });
  it('401 reconnect_required means the drive access ended: connect again', async () => {
    await expect(client(() => json({ error: 'reconnect_required', message: 'Access ended' }, 401)).api.about()).rejects.toMatchObject({
      code: 'reconnect',
      status: 401,
      route: 'about',
    });
  });
  it('a user model fills in defaults and lower-cases the locale', async () => {
    const { api } = client(() => json({ activeFileId: 'f1', locale: 'PT-BR' }));
    const { model: user } = await api.loadUserModel();
    expect(user.activeFileId).toBe('f1');
    expect(user.locale).toBe('pt-br');
    expect(user.breadcrumb).toEqual([{ id: 'root', title: 'My Drive' }]);
    expect(user.activeFilePerm).toBe('none');
  });
});

describe('AbortSignal', () => {
  const never = (req: Recorded) =>
    new Promise<Response>((_, reject) => req.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

  it('passes the signal to a POST and reports an abort as aborted', async () => {
    const { api, calls } = client(never);
    const controller = new AbortController();
    const saving = api.save(defaultUserModel(), { signal: controller.signal });
    controller.abort();
    await expect(saving).rejects.toMatchObject({ code: 'aborted' });
    expect(calls[0]!.signal?.aborted).toBe(true);
  });
  it('aborts a GET when its only caller gives up, and does not cache it', async () => {
    const { api, calls } = client(never);
    const controller = new AbortController();
    const listing = api.listFiles({ folderId: 'root', signal: controller.signal });
    controller.abort();
    await expect(listing).rejects.toMatchObject({ code: 'aborted' });
    expect(calls[0]!.signal?.aborted).toBe(true);
    const next = new AbortController();
    void api.listFiles({ folderId: 'root', signal: next.signal }).catch(() => undefined);
    expect(calls).toHaveLength(2);
    // Ends the request that never answers (and its time limit), so no timer outlives the test.
    next.abort();
  });
  it('keeps a shared GET going while another caller still waits', async () => {
    let release!: (r: Response) => void;
    const { api, calls } = client(() => new Promise<Response>((resolve) => (release = resolve)));
    const a = new AbortController();
    const first = api.listFiles({ folderId: 'root', signal: a.signal });
    const second = api.listFiles({ folderId: 'root', signal: new AbortController().signal });
    a.abort();
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    expect(calls[0]!.signal?.aborted).toBe(false);
    release(json(fileList));
    await expect(second).resolves.toEqual(fileList);
  });
  it('rejects at once when the signal is already aborted, without a request', async () => {
    const { api, calls } = client();
    const controller = new AbortController();
    controller.abort();
    await expect(api.about({ signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(calls).toHaveLength(0);
  });
});
