/**
 * The mock's switches (latency, failure rate, page sizes, connected) and its request log, kept per
 * server. In the 'development' environment (the browser) the localStorage keys `mirage:latencyMs`,
 * `mirage:failureRate`, `mirage:pageSizes`, `mirage:retryAfterSeconds`, `mirage:saveOverrides`,
 * `mirage:forgedInstancePaths` and `mirage:driveAccess` are read on every request and, when they hold a valid value, win over
 * the options, so a dev page can flip them without a reload.
 */
import type { Server } from 'miragejs';
import type { StateStore } from './state';
import { isDriveAccess, type DriveAccess } from '../src/contract/driveAccess';

export interface MockSwitches {
  latencyMs: number;
  failureRate: number;
  /**
   * Sizes of a listing's first pages, in order (0: an empty page), as a real drive may answer:
   * page n holds at most `pageSizes[n]` files and still carries a nextPageToken while files
   * remain; pages after the list hold `maxResults`. Empty: every page is full.
   */
  pageSizes: readonly number[];
  /** The Retry-After (whole seconds) of the 503s the failure switches cause, as the server's may carry; null: none. */
  retryAfterSeconds: number | null;
  /**
   * Hostile input: fields written over the model of every save on its way in, before the contract
   * checks it (as a newer panel or a proxy that alters the body would send), e.g. `{"borderWidth":99}`
   * is refused 400 `invalid_user` naming `borderWidth`, as the server refuses it. Null: saves pass as sent.
   */
  saveOverrides: Readonly<Record<string, unknown>> | null;
  /**
   * Paths (e.g. '/api/disconnect') whose signed instance is taken as forged: answered 401
   * `invalid_instance`, as the server answers an instance whose signature does not match (the
   * editor's session is no longer valid). The mock itself checks no signature.
   */
  forgedInstancePaths: readonly string[];
  /** How the mock reaches the drive, as the server's DRIVE_ACCESS (src/contract/driveAccess.ts): the panel shows the folder browser or the Picker's button. */
  driveAccess: DriveAccess;
}

export interface LoggedRequest {
  method: string;
  /** Path without the query string, e.g. '/api/files'. */
  path: string;
  query: Record<string, string>;
  status: number;
  /** The settings key the request was made for (instanceId:compId). */
  key: string;
}

export const LATENCY_STORAGE_KEY = 'mirage:latencyMs';
export const FAILURE_RATE_STORAGE_KEY = 'mirage:failureRate';
/** Comma-separated, e.g. `0,3`. */
export const PAGE_SIZES_STORAGE_KEY = 'mirage:pageSizes';
export const RETRY_AFTER_STORAGE_KEY = 'mirage:retryAfterSeconds';
/** A JSON object, e.g. `{"borderWidth":99}`. */
export const SAVE_OVERRIDES_STORAGE_KEY = 'mirage:saveOverrides';
/** Comma-separated paths, e.g. `/api/disconnect`. */
export const FORGED_INSTANCE_PATHS_STORAGE_KEY = 'mirage:forgedInstancePaths';
/** `browse` or `picker`. */
export const DRIVE_ACCESS_STORAGE_KEY = 'mirage:driveAccess';
export const REQUEST_LOG_LIMIT = 2000;

export interface Controls {
  switches: MockSwitches;
  /** Paths (e.g. '/api/user') answered 503 on every request, whatever the failure rate. */
  failingPaths: Set<string>;
  readLocalStorage: boolean;
  store: StateStore;
  random: () => number;
  log: LoggedRequest[];
}

export const controlsByServer = new WeakMap<Server, Controls>();

function controlsOf(server: Server): Controls {
  const controls = controlsByServer.get(server);
  if (!controls) throw new Error('Not a server made by makeServer');
  return controls;
}

export function clampRate(rate: number): number {
  return Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 0;
}

export function clampLatency(ms: number): number {
  return Number.isFinite(ms) ? Math.max(0, ms) : 0;
}

/** Whole, non-negative sizes (a size that is not a number is left out). */
export function cleanPageSizes(sizes: readonly number[]): number[] {
  return sizes.filter((n) => Number.isFinite(n)).map((n) => Math.max(0, Math.floor(n)));
}

function readStored(key: string): string | null {
  try {
    const raw = typeof window !== 'undefined' ? window.localStorage.getItem(key) : null;
    return raw === null || raw.trim() === '' ? null : raw;
  } catch {
    return null;
  }
}

function readStoredNumber(key: string): number | null {
  const raw = readStored(key);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** `0,3` → [0, 3]; null when absent or when any entry is not a number. */
function readStoredSizes(key: string): number[] | null {
  const raw = readStored(key);
  if (raw === null) return null;
  const sizes = raw.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  return sizes.every((n) => Number.isFinite(n)) ? cleanPageSizes(sizes) : null;
}

/** A whole number of seconds ≥ 0, or null. */
export function cleanRetryAfter(seconds: number | null): number | null {
  return seconds !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.floor(seconds) : null;
}

/** A plain object, or null (anything else is no override). */
export function cleanSaveOverrides(value: unknown): Readonly<Record<string, unknown>> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : null;
}

function readStoredOverrides(key: string): Readonly<Record<string, unknown>> | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return cleanSaveOverrides(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Absolute paths only ('/api/…'); anything else is left out. */
export function cleanPaths(paths: readonly string[]): string[] {
  return paths.map((path) => path.trim()).filter((path) => path.startsWith('/'));
}

/** A mode the contract knows, or null. */
export const cleanDriveAccess = (value: unknown): DriveAccess | null => (isDriveAccess(value) ? value : null);

export function effectiveSwitches(controls: Controls): MockSwitches {
  const { latencyMs, failureRate, pageSizes, retryAfterSeconds, saveOverrides, forgedInstancePaths, driveAccess } = controls.switches;
  if (!controls.readLocalStorage) return { ...controls.switches };
  const storedLatency = readStoredNumber(LATENCY_STORAGE_KEY);
  const storedRate = readStoredNumber(FAILURE_RATE_STORAGE_KEY);
  const storedForged = readStored(FORGED_INSTANCE_PATHS_STORAGE_KEY);
  return {
    latencyMs: storedLatency === null ? latencyMs : clampLatency(storedLatency),
    failureRate: storedRate === null ? failureRate : clampRate(storedRate),
    pageSizes: readStoredSizes(PAGE_SIZES_STORAGE_KEY) ?? pageSizes,
    retryAfterSeconds: cleanRetryAfter(readStoredNumber(RETRY_AFTER_STORAGE_KEY)) ?? retryAfterSeconds,
    saveOverrides: readStoredOverrides(SAVE_OVERRIDES_STORAGE_KEY) ?? saveOverrides,
    forgedInstancePaths: storedForged === null ? forgedInstancePaths : cleanPaths(storedForged.split(',')),
    driveAccess: cleanDriveAccess(readStored(DRIVE_ACCESS_STORAGE_KEY)) ?? driveAccess,
  };
}

/**
 * Changes switches at run time. `connected` and `grantEnded` are written to the state store;
 * `failingPaths` replaces the paths that always fail.
 */
export function setMockSwitches(
  server: Server,
  switches: Partial<MockSwitches> & { connected?: boolean; grantEnded?: boolean; failingPaths?: readonly string[] },
): void {
  const controls = controlsOf(server);
  if (switches.failingPaths !== undefined) controls.failingPaths = new Set(switches.failingPaths);
  if (switches.latencyMs !== undefined) controls.switches.latencyMs = clampLatency(switches.latencyMs);
  if (switches.failureRate !== undefined) controls.switches.failureRate = clampRate(switches.failureRate);
  if (switches.pageSizes !== undefined) controls.switches.pageSizes = cleanPageSizes(switches.pageSizes);
  if (switches.retryAfterSeconds !== undefined) controls.switches.retryAfterSeconds = cleanRetryAfter(switches.retryAfterSeconds);
  if (switches.saveOverrides !== undefined) controls.switches.saveOverrides = cleanSaveOverrides(switches.saveOverrides);
  if (switches.forgedInstancePaths !== undefined) controls.switches.forgedInstancePaths = cleanPaths(switches.forgedInstancePaths);
  if (switches.driveAccess !== undefined) controls.switches.driveAccess = cleanDriveAccess(switches.driveAccess) ?? controls.switches.driveAccess;
  if (switches.connected !== undefined || switches.grantEnded !== undefined) {
    const state = controls.store.load();
    if (switches.connected !== undefined) state.connected = switches.connected;
    if (switches.grantEnded !== undefined) state.grantEnded = switches.grantEnded;
    controls.store.save(state);
  }
}

/** The switches in effect (localStorage overrides included). */
export function getMockSwitches(server: Server): MockSwitches & { connected: boolean } {
  const controls = controlsOf(server);
  return { ...effectiveSwitches(controls), connected: controls.store.load().connected };
}

/** Every request the mock answered, oldest first (the latest 2,000). */
export function getRequestLog(server: Server): readonly LoggedRequest[] {
  return controlsOf(server).log;
}
