/** What the fake provider (fakeDrive.ts) is started with, what it offers its tests, and its switches. */
import type { FakePermissions } from './driveApi';
import type { FakeFileContent } from './fileContent';
import type { FakeGrantBook } from './grants';

export interface FakeDriveOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Redirect URIs the fake accepts; by default any http://localhost or http://127.0.0.1 address. */
  redirectUris?: readonly string[];
  latencyMs?: number;
  /** Pages shorter than maxResults, and an empty one, as the drive may answer (listing.ts); on unless false. */
  shortPages?: boolean;
  accessTokenTtlSeconds?: number;
  now?: () => number;
}

export interface RateLimitSwitch {
  /** How many drive answers are still to be rate-limited. */
  remaining: number;
  status: 429 | 403;
  retryAfterSeconds: number | null;
}

export interface FakeDriveSwitches {
  latencyMs: number;
  rateLimit: RateLimitSwitch;
  /** How many drive answers are still to be 503. */
  failuresRemaining: number;
  /** Listings answer short pages and an empty one (listing.ts). */
  shortPages: boolean;
  /** How many token answers are still to be lost: the endpoint does its work (a code is used), then answers 503. */
  tokenAnswersLost: number;
}

export interface LoggedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface FakeDriveEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  driveApiUrl: string;
  /** The Picker's script (picker.ts), for PICKER_SCRIPT_URL. */
  pickerScriptUrl: string;
}

export interface FakeDrive {
  url: string;
  endpoints: FakeDriveEndpoints;
  clientId: string;
  clientSecret: string;
  switches: FakeDriveSwitches;
  grants: FakeGrantBook;
  permissions: FakePermissions;
  /** Versions, exports, contents and thumbnails of the files. */
  content: FakeFileContent;
  log: LoggedCall[];
  rateLimitNext(count: number, how?: { status?: 429 | 403; retryAfterSeconds?: number | null }): void;
  failNext(count: number): void;
  /** The next `count` token answers are lost after the provider did the work (a code exchanged is used up). */
  loseTokenAnswers(count: number): void;
  revokeAllGrants(): void;
  expireAccessTokens(): void;
  stop(): Promise<void>;
}
