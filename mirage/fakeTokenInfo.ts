/**
 * The platform's token-info, played for the mock backend and the local stage's current-editor
 * mode. A fake access token carries its own token-info answer (`fake.<base64url JSON>`), as the
 * mock's legacy `instance` carries its payload unsigned: the stage hands such tokens out (an owner's
 * in the editor), and the mock reads the answer back and judges it with the contract's rule
 * (grantOf, src/contract/tokenGrant.ts), the rule the server applies to the real token-info's answers.
 */
import { base64UrlDecodeText, base64UrlEncodeText } from '../src/api/instance';

/** The app id the stage's tokens are issued to, and the mock's `APP_ID`. */
export const MOCK_APP_ID = 'drive-file-widget-local';

const PREFIX = 'fake.';

export interface FakeTokenInfo {
  active: boolean;
  subjectType: 'USER' | 'VISITOR' | 'MEMBER' | 'APP' | 'UNKNOWN';
  subjectId: string;
  /** Seconds since the epoch. */
  exp: number;
  iat: number;
  clientId: string;
  siteId: string;
  instanceId: string;
}

/** A token whose token-info answer is `info`. */
export function fakeAccessToken(info: FakeTokenInfo): string {
  return PREFIX + base64UrlEncodeText(JSON.stringify(info));
}

/** The site owner's token in the editor, valid for `seconds`, issued to the app `clientId`. */
export function ownerToken(instanceId: string, now = Date.now(), seconds = 3600, clientId = MOCK_APP_ID): string {
  const iat = Math.floor(now / 1000);
  return fakeAccessToken({
    active: true,
    subjectType: 'USER',
    subjectId: 'owner-1',
    exp: iat + seconds,
    iat,
    clientId,
    siteId: 'site-local',
    instanceId,
  });
}

/** What token-info answers for `token`; null when it knows no such token (a forged one). */
export function tokenInfoOf(token: string): unknown {
  if (!token.startsWith(PREFIX)) return null;
  try {
    return JSON.parse(base64UrlDecodeText(token.slice(PREFIX.length))) as unknown;
  } catch {
    return null;
  }
}
