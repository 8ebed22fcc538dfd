/**
 * A fake Google-Drive-shaped provider on localhost, for tests and local runs (never part of a
 * production build). It plays the OAuth provider (consent page, token, refresh and revoke
 * endpoints), the drive (files, permissions, about) and the Picker (picker.ts), over the Mirage
 * drive's seed. A grant of the `drive.file` scope reaches only the files picked (access.ts).
 * Over 300 lines: it is the provider's one router (each route a line or two, the work in
 * access.ts, listing.ts, fileContent.ts, picker.ts and friends); splitting it would scatter the map
 * of what the fake answers. The OAuth endpoints are the next part to move out if it grows.
 *
 *   const fake = await startFakeDrive({ redirectUris: ['http://localhost:3000/api/oauth/callback'] });
 *   fake.endpoints            // authorizeUrl, tokenUrl, revokeUrl, driveApiUrl (config for the server)
 *   fake.switches.latencyMs = 200;
 *   fake.rateLimitNext(2, { status: 403, retryAfterSeconds: 1 });
 *   fake.revokeAllGrants();   // the owner removed the app's access in their account
 *   fake.log                  // every request: method, path, query, status
 *   await fake.stop();
 *
 * The same switches are reachable over HTTP (`POST /__fake/control` with JSON), for browser
 * tests and `npm run serve`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consentPage } from './consentPage';
import { oauthError, page, parseJson, readBody, redirect, send } from './http';
import { about, driveError, FakePermissions, listDrives, listFiles, type Reply } from './driveApi';
import { callerScope, pickedLimit, type CallerScope } from './access';
import { FakeFileContent } from './fileContent';
import { FakeGrantBook, type FakeGrant } from './grants';
import { pickerFrame, pickerItems, pickerPick, pickerScript } from './picker';
import type { FakeDrive, FakeDriveOptions, FakeDriveSwitches, LoggedCall } from './fakeDriveTypes';

export { FAKE_PICKER_API_KEY, FAKE_PICKER_APP_ID } from './picker';
export type { FakeDrive, FakeDriveEndpoints, FakeDriveOptions, FakeDriveSwitches, LoggedCall, RateLimitSwitch } from './fakeDriveTypes';

export const FAKE_CLIENT_ID = 'fake-client-id.apps.example';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';

export async function startFakeDrive(options: FakeDriveOptions = {}): Promise<FakeDrive> {
  const now = options.now ?? Date.now;
  const clientId = options.clientId ?? FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_CLIENT_SECRET;
  const grants = new FakeGrantBook(now);
  grants.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
  const permissions = new FakePermissions();
  let baseUrl = '';
  const content = new FakeFileContent(
    () => baseUrl,
    (fileId) => permissions.isPublic(fileId),
  );
  const switches: FakeDriveSwitches = {
    latencyMs: options.latencyMs ?? 0,
    rateLimit: { remaining: 0, status: 429, retryAfterSeconds: null },
    failuresRemaining: 0,
    shortPages: options.shortPages ?? true,
    tokenAnswersLost: 0,
  };
  const log: LoggedCall[] = [];

  const redirectAllowed = (uri: string) =>
    options.redirectUris ? options.redirectUris.includes(uri) : /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(uri);

  function authorize(query: URLSearchParams): Reply {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== clientId) return page(400, 'Error 401: invalid_client', 'The OAuth client was not found.');
    if (!redirectAllowed(redirectUri)) return page(400, 'Error 400: redirect_uri_mismatch', 'The redirect URI is not registered for this client.');
    if (query.get('response_type') !== 'code') return page(400, 'Error 400: unsupported_response_type', 'Only the code flow is supported.');
    const codeChallenge = query.get('code_challenge') ?? '';
    if (query.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
      return page(400, 'Error 400: invalid_request', 'A PKCE code_challenge with method S256 is required.');
    }
    const consent = grants.addConsent({ clientId, redirectUri, scope: query.get('scope') ?? '', state: query.get('state') ?? '', codeChallenge });
    return { status: 200, body: consentPage(consent.id, consent.scope) };
  }

  function approve(form: URLSearchParams): Reply {
    const consent = grants.consents.get(form.get('consent') ?? '');
    if (!consent) return page(400, 'This request has expired', 'Start the connection again from the app.');
    const target = new URL(consent.redirectUri);
    if (form.get('decision') === 'allow') {
      target.searchParams.set('code', grants.issueCode(consent));
    } else {
      grants.consents.delete(consent.id);
      target.searchParams.set('error', 'access_denied');
    }
    if (consent.state) target.searchParams.set('state', consent.state);
    return redirect(target.toString());
  }

  function token(form: URLSearchParams, authorization: string | undefined): Reply {
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (authorization?.startsWith('Basic ')) {
      [id = null, secret = null] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    }
    if (id !== clientId || secret !== clientSecret) return oauthError(401, 'invalid_client', 'Unauthorized');
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const issued = grants.redeemCode(form.get('code') ?? '', id, form.get('redirect_uri') ?? '', form.get('code_verifier') ?? '');
      return issued ? { status: 200, body: issued } : oauthError(400, 'invalid_grant', 'Bad Request');
    }
    if (grantType === 'refresh_token') {
      const issued = grants.refresh(form.get('refresh_token') ?? '');
      return issued ? { status: 200, body: issued } : oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    }
    return oauthError(400, 'unsupported_grant_type');
  }

  function driveCall(method: string, path: string, query: URLSearchParams, body: string, grant: FakeGrant | null, scope: CallerScope): Reply {
    if (!grant) return driveError(401, 'authError', 'Invalid Credentials', { locationType: 'header', location: 'Authorization' });
    if (switches.rateLimit.remaining > 0) {
      switches.rateLimit.remaining -= 1;
      const { status, retryAfterSeconds } = switches.rateLimit;
      const reply =
        status === 429 ? driveError(429, 'rateLimitExceeded', 'Rate Limit Exceeded') : driveError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded');
      if (retryAfterSeconds !== null) reply.headers = { 'Retry-After': String(retryAfterSeconds) };
      return reply;
    }
    if (switches.failuresRemaining > 0) {
      switches.failuresRemaining -= 1;
      return driveError(503, 'backendError', 'Backend Error');
    }
    const fields = query.get('fields');
    if (method === 'GET' && path === '/drive/v2/files') return listFiles(query, switches.shortPages, scope.picked);
    if (method === 'GET' && path === '/drive/v2/drives') return listDrives(query);
    if (method === 'GET' && path === '/drive/v2/about') return about(fields);
    const filePath = /^\/drive\/v2\/files\/([^/]+)(\/export)?$/.exec(path);
    if (filePath && method === 'GET') {
      const fileId = decodeURIComponent(filePath[1] ?? '');
      return filePath[2] ? content.export(fileId, query, scope) : content.get(fileId, query, scope);
    }
    const spreadsheetPath = /^\/v4\/spreadsheets\/([^/]+)$/.exec(path);
    if (spreadsheetPath && method === 'GET') return content.spreadsheet(decodeURIComponent(spreadsheetPath[1] ?? ''), scope);
    const permissionsPath = /^\/drive\/v2\/files\/([^/]+)\/permissions(?:\/([^/]+))?$/.exec(path);
    if (permissionsPath) {
      const fileId = decodeURIComponent(permissionsPath[1] ?? '');
      const permissionId = permissionsPath[2] === undefined ? null : decodeURIComponent(permissionsPath[2]);
      if (method === 'GET' && permissionId === null) return permissions.list(fileId, fields, scope);
      if (method === 'POST' && permissionId === null) {
        const parsed = parseJson(body);
        return parsed === undefined ? driveError(400, 'parseError', 'Parse Error') : permissions.insert(fileId, parsed, fields, scope);
      }
      if (method === 'DELETE' && permissionId !== null) return permissions.remove(fileId, permissionId, scope);
    }
    return driveError(404, 'notFound', `Not Found: ${method} ${path}`);
  }

  function control(body: string): Reply {
    const c = (parseJson(body) ?? {}) as Record<string, unknown>;
    if (typeof c.latencyMs === 'number') switches.latencyMs = Math.max(0, c.latencyMs);
    if (typeof c.rateLimitCount === 'number') {
      api.rateLimitNext(c.rateLimitCount, {
        status: c.rateLimitStatus === 403 ? 403 : 429,
        retryAfterSeconds: typeof c.retryAfterSeconds === 'number' ? c.retryAfterSeconds : null,
      });
    }
    if (typeof c.failCount === 'number') switches.failuresRemaining = Math.max(0, c.failCount);
    if (typeof c.shortPages === 'boolean') switches.shortPages = c.shortPages;
    if (c.revokeAll === true) grants.revokeAll();
    if (c.expireAccessTokens === true) grants.expireAccessTokens();
    // The owner edits a file, or stops sharing it, on the drive itself (not through the app).
    if (typeof c.touchFile === 'string') content.touch(c.touchFile);
    if (typeof c.unshareFile === 'string' && permissions.remove(c.unshareFile, 'anyoneWithLink').status === 404) permissions.remove(c.unshareFile, 'anyone');
    return { status: 200, body: { switches, liveGrants: grants.liveGrants().length } };
  }

  async function route(request: IncomingMessage): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const method = request.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(request);
    const path = url.pathname;
    if (path === '/__fake/control' && method === 'POST') return control(body);
    if (path === '/__fake/control' && method === 'GET') return { status: 200, body: { switches, liveGrants: grants.liveGrants().length } };
    if (switches.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.latencyMs));
    const auth = request.headers.authorization ?? '';
    const grant = auth.startsWith('Bearer ') ? grants.authorize(auth.slice(7)) : null;
    const picked = grant ? pickedLimit(grant.scope, grants.picked) : new Set<string>();
    const image = method === 'GET' ? content.image(path, (fileId) => grant !== null && (picked === null || picked.has(fileId))) : null;
    if (image) return image;
    if (path === '/picker/api.js' && method === 'GET') return pickerScript(baseUrl);
    if (path === '/picker/frame' && method === 'GET') return pickerFrame(url.searchParams.get('origin'), url.searchParams.get('hl'));
    if (path === '/picker/items' && method === 'GET') return pickerItems(url.searchParams.get('parent'), grant);
    if (path === '/picker/pick' && method === 'POST') return pickerPick(parseJson(body), grant, grants);
    if (path === '/o/oauth2/auth' && method === 'GET') return authorize(url.searchParams);
    if (path === '/o/oauth2/approve' && method === 'POST') return approve(new URLSearchParams(body));
    if (path === '/token' && method === 'POST') {
      const answer = token(new URLSearchParams(body), request.headers.authorization);
      if (switches.tokenAnswersLost === 0) return answer;
      switches.tokenAnswersLost -= 1;
      return oauthError(503, 'backend_error', 'The service is unavailable.');
    }
    if (path === '/revoke' && method === 'POST') {
      // RFC 7009 sends the token in the form body; Google's own client sends it on the URL.
      const value = new URLSearchParams(body).get('token') ?? url.searchParams.get('token') ?? '';
      return grants.revoke(value) ? { status: 200, body: {} } : oauthError(400, 'invalid_token', 'Token expired or revoked');
    }
    if (path.startsWith('/drive/v2/') || path.startsWith('/v4/spreadsheets/'))
      return driveCall(method, path, url.searchParams, body, grant, callerScope(url.searchParams, request.headers, picked));
    return { status: 404, body: { error: 'not_found' } };
  }

  const server = createServer((request, response) => {
    route(request).then(
      (reply) => {
        const url = new URL(request.url ?? '/', 'http://fake.invalid');
        log.push({ method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), status: reply.status });
        send(response, reply);
      },
      (error: unknown) => send(response, { status: 500, body: { error: 'internal', message: error instanceof Error ? error.message : String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = url;

  const api: FakeDrive = {
    url,
    endpoints: {
      authorizeUrl: `${url}/o/oauth2/auth`,
      tokenUrl: `${url}/token`,
      revokeUrl: `${url}/revoke`,
      driveApiUrl: `${url}/drive/v2`,
      pickerScriptUrl: `${url}/picker/api.js`,
    },
    clientId,
    clientSecret,
    switches,
    grants,
    permissions,
    content,
    log,
    rateLimitNext(count, how = {}) {
      switches.rateLimit = { remaining: Math.max(0, count), status: how.status ?? 429, retryAfterSeconds: how.retryAfterSeconds ?? null };
    },
    failNext(count) {
      switches.failuresRemaining = Math.max(0, count);
    },
    loseTokenAnswers(count) {
      switches.tokenAnswersLost = Math.max(0, count);
    },
    revokeAllGrants: () => grants.revokeAll(),
    expireAccessTokens: () => grants.expireAccessTokens(),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return api;
}
