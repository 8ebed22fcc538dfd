/**
 * The save saga on Jest's fake clock, against a real store and the Mirage server: the debounce, the
 * time limit, and retries until the server confirms (backoff, Retry-After, back online), at their
 * real durations.
 */
import { setMockSwitches } from '../../../mirage/server';
import { onFakeClock, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { REQUEST_TIMEOUT_MS } from '../../api/routes';
import { userActions } from '../model';
import { backoffStep, SAVE_BACKOFF } from '../services/saveBackoff';

// The first test of the file also starts the Mirage drive (its seed) on a cold worker.
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

const saves = () => panel.requests({ method: 'POST', path: '/api/save' });

describe('on a fake clock: the debounce, the time limit and the retries at their real durations', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const startedOnClock = async (options: Parameters<typeof startPanel>[0] = {}) => {
    panel = startPanel(options);
    await panel.advanceUntil((st) => st.files.status === 'ready', 10_000, 'the listing');
  };
  const serverModelOnClock = async () => (await onFakeClock(panel.api.loadUserModel({ fresh: true }))).model;

  it('the debounce restarts on every change: 100 slider values, one every 5 ms, send one save, 300 ms after the last', async () => {
    await startedOnClock({ saveDebounceMs: 300 });
    for (let value = 1; value <= 100; value++) {
      panel.dispatch(userActions.cornerRadiusChanged({ corner: 'TopLeft', value }));
      await jest.advanceTimersByTimeAsync(5);
    }
    // 500 ms of changes, each within 300 ms of the one before: nothing sent yet.
    expect(saves()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(300 - 5 - 1);
    expect(saves()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    await panel.advanceUntil((st) => st.user.save.status === 'saved', 1000, 'the save');
    await jest.advanceTimersByTimeAsync(1000);
    expect(saves()).toHaveLength(1);
    expect((await serverModelOnClock()).cornerRadiusTopLeft).toBe(100);
  });

  it('a stalled save times out after 15 s, is retried after at most 1 s, and does not block later saves', async () => {
    await startedOnClock({ saveDebounceMs: 300, saveBackoff: SAVE_BACKOFF, random: () => 0.999 });
    setMockSwitches(panel.server, { latencyMs: 600_000 });
    panel.dispatch(userActions.localeChanged('de'));
    const { state: retrying, elapsedMs } = await panel.advanceUntil((st) => st.user.save.status === 'retrying', 30_000, 'retrying', 50);
    expect(retrying.user.save.error).toMatchObject({ code: 'timeout' });
    // The debounce, then the request's whole time limit: not sooner, not much later.
    expect(elapsedMs).toBeGreaterThanOrEqual(300 + REQUEST_TIMEOUT_MS);
    expect(elapsedMs).toBeLessThan(300 + REQUEST_TIMEOUT_MS + 100);
    expect(saves()).toHaveLength(1);
    setMockSwitches(panel.server, { latencyMs: 0 });
    await jest.advanceTimersByTimeAsync(SAVE_BACKOFF.firstMs - 100);
    expect(saves()).toHaveLength(1);
    // The stalled request did reach the server: the retry may meet a newer revision and rebase first.
    await panel.advanceUntil((st) => st.user.save.status === 'saved', 3000, 'saved after the stall');
    expect(saves()).toHaveLength(2);
    panel.dispatch(userActions.localeChanged('fr'));
    await panel.advanceUntil((st) => st.user.save.status === 'saved' && st.user.confirmed.model.locale === 'fr', 2000, 'the later save');
    expect((await serverModelOnClock()).locale).toBe('fr');
  });

  it('through a 5-minute outage: attempts back off (1 s doubling, up to 1 min, jittered), never give up, and the change is saved within one step of the return', async () => {
    await startedOnClock({ saveDebounceMs: 300, saveBackoff: SAVE_BACKOFF });
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(userActions.localeChanged('it'));
    const attempts: number[] = [];
    const outageMs = 5 * 60_000;
    const started = Date.now();
    for (let at = 0; at < outageMs; at += 250) {
      await jest.advanceTimersByTimeAsync(250);
      while (attempts.length < saves().length) attempts.push(Date.now() - started);
      const { save } = panel.store.getState().user;
      expect(save.status).not.toBe('failed');
      // The status line's time is when the next attempt goes out.
      if (save.nextAttemptAt !== null) expect(save.nextAttemptAt).toBeGreaterThan(Date.now() - 250);
    }
    // Each wait is between half and all of its step: 1, 2, 4, 8, 16, 32, then 60 s.
    const waits = attempts.slice(1).map((t, i) => t - attempts[i]!);
    waits.forEach((wait, i) => {
      const step = backoffStep(i + 1, SAVE_BACKOFF);
      expect(wait).toBeGreaterThanOrEqual(step / 2 - 250);
      expect(wait).toBeLessThanOrEqual(step + 500);
    });
    expect(waits.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...waits)).toBeLessThanOrEqual(SAVE_BACKOFF.maxMs + 500);
    expect(panel.pending.current()).toMatchObject({ model: { locale: 'it' } });

    setMockSwitches(panel.server, { failureRate: 0 });
    const { elapsedMs } = await panel.advanceUntil((st) => st.user.save.status === 'saved', SAVE_BACKOFF.maxMs + 500, 'saved after the outage', 100);
    expect(elapsedMs).toBeLessThanOrEqual(SAVE_BACKOFF.maxMs + 500);
    expect((await serverModelOnClock()).locale).toBe('it');
    expect(panel.pending.current()).toBeNull();
  }, 30_000);

  it('a Retry-After from the server is waited out, even when the browser says it is back online', async () => {
    await startedOnClock({ saveDebounceMs: 300, saveBackoff: SAVE_BACKOFF });
    setMockSwitches(panel.server, { failureRate: 1, retryAfterSeconds: 7 });
    panel.dispatch(userActions.localeChanged('pt'));
    const { state } = await panel.advanceUntil((st) => st.user.save.nextAttemptAt !== null, 2000, 'the first failure');
    expect(state.user.save.error).toMatchObject({ status: 503, retryAfterMs: 7000 });
    expect(state.user.save.nextAttemptAt! - Date.now()).toBeGreaterThan(6980);
    expect(state.user.save.nextAttemptAt! - Date.now()).toBeLessThanOrEqual(7000);
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.lifecycle.resume();
    await jest.advanceTimersByTimeAsync(6900);
    expect(saves()).toHaveLength(1);
    await panel.advanceUntil((st) => st.user.save.status === 'saved', 300, 'saved after the Retry-After');
    expect(saves()).toHaveLength(2);
  });

  it('back online, or the tab visible again, a waiting save goes out at once; so does Retry now', async () => {
    await startedOnClock({ saveDebounceMs: 300, saveBackoff: { firstMs: 40_000, maxMs: 60_000 } });
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(userActions.localeChanged('ja'));
    await panel.advanceUntil((st) => st.user.save.nextAttemptAt !== null, 2000, 'the first failure');
    await jest.advanceTimersByTimeAsync(1000);
    expect(saves()).toHaveLength(1);
    panel.lifecycle.resume();
    await panel.advanceUntil(() => saves().length === 2, 100, 'the attempt on resume');
    await panel.advanceUntil((st) => st.user.save.nextAttemptAt !== null, 100, 'the second failure');
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.dispatch(userActions.saveRetryRequested());
    await panel.advanceUntil((st) => st.user.save.status === 'saved', 100, 'saved on Retry now');
    expect(saves()).toHaveLength(3);
  });
});
