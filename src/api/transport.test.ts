/**
 * @jest-environment node
 *
 * The api client's contract beyond the routes: revisions on save, the request time limit,
 * keepalive, and the requests it refuses to send.
 */

import { ApiError, isRetryable } from './ApiError';
import { createApiClient } from './client';
import { REQUEST_TIMEOUT_MS } from './routes';
import { defaultUserModel } from './schemas';
import { QUERY, json, recordingClient, recordingFetch, type Recorded } from '../../test/helpers/recordingFetch';

const client = recordingClient;

describe('revisions', () => {
  it('the read answers the model apart from its revision (0 when absent)', async () => {
    expect(await client(() => json({ locale: 'de', revision: 4 })).api.loadUserModel()).toMatchObject({ revision: 4, model: { locale: 'de' } });
    const { model, revision } = await client(() => json({ locale: 'de' })).api.loadUserModel();
    expect(revision).toBe(0);
    expect(model).not.toHaveProperty('revision');
  });

  it("a save on a stale revision fails with code stale and the server's revision", async () => {
    const { api } = client(() => json({ error: 'stale_revision', message: 'Changed elsewhere.', revision: 9 }, 409));
    await expect(api.save(defaultUserModel(), { revision: 3 })).rejects.toMatchObject({
      code: 'stale',
      status: 409,
      revision: 9,
      message: 'Changed elsewhere.',
    });
  });

  it('a save answer without a revision is malformed', async () => {
    await expect(client(() => json({})).api.save(defaultUserModel())).rejects.toMatchObject({ code: 'malformed' });
  });

  it("an error body's {error, message} is kept", async () => {
    await expect(
      client(() => json({ error: 'invalid_user', message: 'The user model must be a JSON object' }, 400)).api.save(defaultUserModel()),
    ).rejects.toMatchObject({
      code: 'http',
      status: 400,
      serverCode: 'invalid_user',
      message: expect.stringContaining('must be a JSON object'),
    });
  });
});

describe('time limit', () => {
  const stalled = (req: Recorded) =>
    new Promise<Response>((_, reject) => req.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

  it('every request has one: the default is REQUEST_TIMEOUT_MS (about 15 s)', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
  });

  it('a stalled request fails as a timeout, and a stalled GET is not kept in the cache', async () => {
    const { calls, fetchFn } = recordingFetch(stalled);
    const api = createApiClient({ query: QUERY, fetch: fetchFn, timeoutMs: 30 });
    await expect(api.about()).rejects.toMatchObject({ code: 'timeout', route: 'about' });
    await expect(api.save(defaultUserModel())).rejects.toMatchObject({ code: 'timeout', route: 'save' });
    await expect(api.about()).rejects.toMatchObject({ code: 'timeout' });
    expect(calls).toHaveLength(3);
  });

  it('covers a body that stalls after the headers', async () => {
    const body = new ReadableStream({ start() {} });
    const api = createApiClient({ query: QUERY, fetch: (async () => new Response(body, { status: 200 })) as typeof fetch, timeoutMs: 30 });
    await expect(api.about()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('a timeout is retryable; a refusal, a stale save or a 400 is not', () => {
    expect(isRetryable(new ApiError('timeout', 'save', 't'))).toBe(true);
    expect(isRetryable(new ApiError('network', 'save', 'n'))).toBe(true);
    expect(isRetryable(new ApiError('http', 'save', 'h', 503))).toBe(true);
    expect(isRetryable(new ApiError('http', 'save', 'h', 400))).toBe(false);
    expect(isRetryable(new ApiError('stale', 'save', 's', 409))).toBe(false);
    expect(isRetryable(new ApiError('refused', 'save', 'r'))).toBe(false);
  });
});

describe('refusals: a clear message and no request', () => {
  it.each(['.', '..', 'a/b', '../root', '/'])('file id %j', async (id) => {
    const { api, calls } = client(() => json({ items: [] }));
    await expect(api.readPermissions(id)).rejects.toMatchObject({
      code: 'refused',
      serverCode: 'invalid_file_id',
      message: expect.stringContaining('not a valid file id'),
    });
    await expect(api.insertPermission(id, 'reader')).rejects.toMatchObject({ code: 'refused' });
    await expect(api.deletePermission(id)).rejects.toMatchObject({ code: 'refused' });
    await expect(api.listFiles({ folderId: id })).rejects.toMatchObject({ code: 'refused' });
    await expect(api.save({ ...defaultUserModel(), activeFileId: id })).rejects.toMatchObject({ code: 'refused', serverCode: 'invalid_file_id' });
    expect(calls).toHaveLength(0);
  });

  it('a save or delete from a page without its widget id (compId / origCompId)', async () => {
    for (const query of [
      { ...QUERY, origCompId: null },
      { instance: 'sig.payload', compId: null, origCompId: null },
    ]) {
      const { api, calls } = client(() => json({ revision: 1 }), query);
      await expect(api.save(defaultUserModel())).rejects.toMatchObject({
        code: 'refused',
        serverCode: 'missing_component',
        message: expect.stringContaining('without the id of its widget'),
      });
      await expect(api.deleteSettings()).rejects.toMatchObject({ code: 'refused', serverCode: 'missing_component' });
      expect(calls).toHaveLength(0);
    }
  });
});

describe('keepalive', () => {
  it('a save flushed while the page goes away asks the browser to keep the request alive', async () => {
    const inits: RequestInit[] = [];
    const api = createApiClient({ query: QUERY, fetch: (async (_: string, init: RequestInit) => (inits.push(init), json({ revision: 1 }))) as typeof fetch });
    await api.save(defaultUserModel(), { keepalive: true });
    await api.save(defaultUserModel());
    expect(inits.map((i) => i.keepalive ?? false)).toEqual([true, false]);
  });
});
