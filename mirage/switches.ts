/**
 * The mock's switches (latency, failure rate, connected) and its request log, kept per server.
 * In the 'development' environment (the browser) the localStorage keys `mirage:latencyMs` and
 * `mirage:failureRate` are read on every request and, when they hold a number, win over the
 * options, so a dev page can flip them without a reload.
 */
import type { Server } from 'miragejs';
import type { StateStore } from './state';

export interface MockSwitches {
  latencyMs: number;
  failureRate: number;
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

function readStoredNumber(key: string): number | null {
  try {
    const raw = typeof window !== 'undefined' ? window.localStorage.getItem(key) : null;
    if (raw === null || raw.trim() === '') return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function effectiveSwitches(controls: Controls): MockSwitches {
  const { latencyMs, failureRate } = controls.switches;
  if (!controls.readLocalStorage) return { latencyMs, failureRate };
  const storedLatency = readStoredNumber(LATENCY_STORAGE_KEY);
  const storedRate = readStoredNumber(FAILURE_RATE_STORAGE_KEY);
  return {
    latencyMs: storedLatency === null ? latencyMs : clampLatency(storedLatency),
    failureRate: storedRate === null ? failureRate : clampRate(storedRate),
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

export function getStateStore(server: Server): StateStore {
  return controlsOf(server).store;
}
