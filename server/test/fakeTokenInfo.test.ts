/** The fake token-info over HTTP, as `npm run serve` and the stage use it: mint a token, ask about it, flip its switches. */
import { startFakeTokenInfo, type FakeTokenInfo } from '../dev/fakeTokenInfo';

let fake: FakeTokenInfo;
beforeAll(async () => {
  fake = await startFakeTokenInfo({ appId: 'app-1', instanceId: 'site-5' });
});
afterAll(() => fake.stop());

const post = (path: string, body: unknown) =>
  fetch(fake.origin + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

test('a token minted over HTTP is known to token-info, with its subject, site and app', async () => {
  const minted = (await (await post('/__fake/issue', { subjectType: 'VISITOR', expiresInSeconds: 120 })).json()) as { token: string; expires: number };
  expect(minted.expires).toBeGreaterThan(Date.now() + 100_000);
  const answer = await fetch(fake.url, { method: 'POST', body: JSON.stringify({ token: minted.token }) });
  expect(await answer.json()).toMatchObject({
    active: true,
    subjectType: 'VISITOR',
    clientId: 'app-1',
    instanceId: 'site-5',
    exp: Math.floor(minted.expires / 1000),
  });
  expect((await fetch(fake.url, { method: 'POST', body: JSON.stringify({ token: 'fake.unknown' }) })).status).toBe(401);
});

test('any page may mint (CORS), and the switches make token-info fail', async () => {
  const preflight = await fetch(`${fake.origin}/__fake/issue`, { method: 'OPTIONS' });
  expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
  await post('/__fake/control', { status: 500 });
  expect((await post('/oauth2/token-info', { token: fake.ownerToken })).status).toBe(500);
  await post('/__fake/control', { status: null });
  expect((await post('/oauth2/token-info', { token: fake.ownerToken })).status).toBe(200);
});

test('like the platform, it answers 429 with Retry-After over its limit, whatever the token, until the window ends', async () => {
  let clock = 1_000_000;
  const limited = await startFakeTokenInfo({ appId: 'app-1', now: () => clock });
  try {
    limited.switches.rateLimit = { max: 2, windowSeconds: 60 };
    const ask = (token: string) => fetch(limited.url, { method: 'POST', body: JSON.stringify({ token }) });
    expect((await ask('fake.made-up')).status).toBe(401);
    expect((await ask(limited.ownerToken)).status).toBe(200);
    clock += 20_000;
    const over = await ask(limited.ownerToken);
    expect([over.status, over.headers.get('retry-after')]).toEqual([429, '40']);
    clock += 40_000;
    expect((await ask(limited.ownerToken)).status).toBe(200);

    limited.switches.rateLimit = null;
    Object.assign(limited.switches, { status: 429, retryAfterSeconds: 30 });
    const switched = await ask(limited.ownerToken);
    expect([switched.status, switched.headers.get('retry-after')]).toEqual([429, '30']);
  } finally {
    await limited.stop();
  }
});
