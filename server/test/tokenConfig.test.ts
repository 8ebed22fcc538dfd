/** The access token check's configuration (APP_ID, TOKEN_INFO_URL, TOKEN_INFO_TIMEOUT_MS), with the defaults of docs/operating.md. */
import { ConfigError, loadConfig } from '../src/config';
import { DEV_APP_ID } from '../src/devSecret';
import { PLATFORM_TOKEN_INFO_URL } from '../src/http/tokenConfig';

const SECRET = 'a-production-app-secret-0123456789';

test("production takes no token without APP_ID, and asks the platform's token-info in 3 s", () => {
  expect(loadConfig({ APP_SECRET: SECRET }).tokens).toEqual({ appId: '', tokenInfoUrl: PLATFORM_TOKEN_INFO_URL, timeoutMs: 3000 });
});

test('development has the development app id and may ask a token-info on localhost over http', () => {
  const config = loadConfig({ NODE_ENV: 'development', TOKEN_INFO_URL: 'http://localhost:4000/oauth2/token-info' });
  expect(config.tokens).toEqual({ appId: DEV_APP_ID, tokenInfoUrl: 'http://localhost:4000/oauth2/token-info', timeoutMs: 3000 });
});

test('values are read and checked', () => {
  const env = { APP_SECRET: SECRET, APP_ID: ' app-1 ', TOKEN_INFO_URL: 'https://tokens.example/info', TOKEN_INFO_TIMEOUT_MS: '1500' };
  expect(loadConfig(env).tokens).toEqual({ appId: 'app-1', tokenInfoUrl: 'https://tokens.example/info', timeoutMs: 1500 });
  expect(() => loadConfig({ ...env, TOKEN_INFO_URL: 'http://tokens.example/info' })).toThrow(/TOKEN_INFO_URL must use https/);
  expect(() => loadConfig({ ...env, TOKEN_INFO_URL: 'tokens' })).toThrow(ConfigError);
  // The check must end well inside the client's own time limit per request.
  expect(() => loadConfig({ ...env, TOKEN_INFO_TIMEOUT_MS: '15000' })).toThrow(/TOKEN_INFO_TIMEOUT_MS must be a whole number from 1 to 14999/);
  expect(() => loadConfig({ ...env, TOKEN_INFO_TIMEOUT_MS: '0' })).toThrow(ConfigError);
});
