/**
 * The drive connection's configuration, from environment variables only (listed in docs/operating.md):
 *
 *   DRIVE_CLIENT_ID, DRIVE_CLIENT_SECRET   the OAuth client registered with the provider
 *   DRIVE_REDIRECT_URI                     this server's callback as registered, ending in
 *                                          /api/oauth/callback
 *   DRIVE_AUTH_URL, DRIVE_TOKEN_URL,       the provider's endpoints (default: Google's), so tests
 *   DRIVE_REVOKE_URL, DRIVE_API_URL        and `npm run serve` can point them at the fake provider
 *   TOKEN_KEY, TOKEN_KEY_PREVIOUS          the keys that seal tokens at rest (crypto/tokenCipher.ts)
 *   DRIVE_ACCESS                           browse (default: the folder browser, `drive` scope) or
 *                                          picker (the Picker, `drive.file` scope only)
 *   PICKER_API_KEY, PICKER_APP_ID          the Picker's API key and Cloud project number (picker
 *                                          mode only, and required there)
 *   PICKER_SCRIPT_URL                      the Picker's script (default: Google's), so the fake
 *                                          provider can play it
 *
 * Without DRIVE_CLIENT_ID the drive is not configured: the drive routes answer 501.
 */
import { tokenCipherFromEnv, type TokenCipher } from '../crypto/tokenCipher';
import { DEFAULT_DRIVE_ACCESS, DRIVE_ACCESS_MODES, isDriveAccess, type DriveAccess } from '#client/contract/driveAccess';
import { SCOPES_OF_ACCESS, type ProviderConfig } from '../oauth/provider';
import { serviceUrlProblem } from '../serviceUrl';

export const OAUTH_CALLBACK_PATH = '/api/oauth/callback';

export const GOOGLE_ENDPOINTS = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  driveApiUrl: 'https://www.googleapis.com/drive/v2',
} as const;

/** Google's script that loads the Picker (`gapi.load('picker')`). */
export const GOOGLE_PICKER_SCRIPT_URL = 'https://apis.google.com/js/api.js';

/** What the Picker's page needs (picker mode): the API key and app id are public values, not secrets. */
export interface PickerSetup {
  apiKey: string;
  appId: string;
  scriptUrl: string;
}

export interface DriveSetup {
  /** How the owner reaches the drive (src/contract/driveAccess.ts); the provider asks for its scope only. */
  access: DriveAccess;
  /** The Picker's configuration in picker mode; null in browse mode. */
  picker: PickerSetup | null;
  provider: ProviderConfig;
  cipher: TokenCipher;
}

export class DriveConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriveConfigError';
  }
}

type Env = Record<string, string | undefined>;

function url(env: Env, name: string, fallback: string, development: boolean): string {
  const value = env[name]?.trim() || fallback;
  const problem = serviceUrlProblem(name, value, development);
  if (problem) throw new DriveConfigError(problem);
  return value;
}

/** DRIVE_ACCESS, checked even when no client is configured: a typo must not start a server in another mode. */
export function driveAccessOf(env: Env): DriveAccess {
  const raw = env.DRIVE_ACCESS?.trim() || DEFAULT_DRIVE_ACCESS;
  if (!isDriveAccess(raw)) throw new DriveConfigError(`DRIVE_ACCESS must be one of ${DRIVE_ACCESS_MODES.join(', ')}, got "${raw}".`);
  return raw;
}

function required(env: Env, name: string, why: string): string {
  const value = env[name]?.trim();
  if (!value) throw new DriveConfigError(`${name} is not set: ${why}`);
  return value;
}

function pickerSetup(env: Env, access: DriveAccess, development: boolean): PickerSetup | null {
  if (access !== 'picker') return null;
  return {
    apiKey: required(env, 'PICKER_API_KEY', "DRIVE_ACCESS=picker needs the Picker's API key (Google Cloud console, Credentials)."),
    appId: required(env, 'PICKER_APP_ID', 'DRIVE_ACCESS=picker needs the Cloud project number, so the Picker grants drive.file access to the picked file.'),
    scriptUrl: url(env, 'PICKER_SCRIPT_URL', GOOGLE_PICKER_SCRIPT_URL, development),
  };
}

/** The drive setup the environment describes; null when no client is configured. */
export function loadDriveConfig(env: Env, development: boolean): DriveSetup | null {
  const access = driveAccessOf(env);
  const clientId = env.DRIVE_CLIENT_ID?.trim();
  if (!clientId) return null;
  const clientSecret = env.DRIVE_CLIENT_SECRET?.trim();
  if (!clientSecret) throw new DriveConfigError('DRIVE_CLIENT_SECRET is not set (it goes with DRIVE_CLIENT_ID).');
  if (!env.DRIVE_REDIRECT_URI?.trim()) {
    throw new DriveConfigError(
      `DRIVE_REDIRECT_URI is not set: give this server's callback as registered with the provider, e.g. https://widget.example.com${OAUTH_CALLBACK_PATH}.`,
    );
  }
  const redirectUri = url(env, 'DRIVE_REDIRECT_URI', '', development);
  if (new URL(redirectUri).pathname !== OAUTH_CALLBACK_PATH)
    throw new DriveConfigError(`DRIVE_REDIRECT_URI must end in ${OAUTH_CALLBACK_PATH}, got "${redirectUri}".`);
  let cipher: TokenCipher;
  try {
    cipher = tokenCipherFromEnv(env, development);
  } catch (error) {
    throw new DriveConfigError(error instanceof Error ? error.message : String(error));
  }
  return {
    access,
    picker: pickerSetup(env, access, development),
    provider: {
      authorizeUrl: url(env, 'DRIVE_AUTH_URL', GOOGLE_ENDPOINTS.authorizeUrl, development),
      tokenUrl: url(env, 'DRIVE_TOKEN_URL', GOOGLE_ENDPOINTS.tokenUrl, development),
      revokeUrl: url(env, 'DRIVE_REVOKE_URL', GOOGLE_ENDPOINTS.revokeUrl, development),
      driveApiUrl: url(env, 'DRIVE_API_URL', GOOGLE_ENDPOINTS.driveApiUrl, development),
      clientId,
      clientSecret,
      redirectUri,
      scopes: SCOPES_OF_ACCESS[access],
    },
    cipher,
  };
}
