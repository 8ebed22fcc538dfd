import type { UserModel } from '../../api/schemas';
import { startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { userActions } from '../model';
import { PREVIEW_INTERVAL_MS } from './previewSaga';

// On Jest's fake clock: the mock drive's latency and the waits below are clock time, not real time.
let panel: PanelHarness;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  panel.stop();
  jest.useRealTimers();
});
/** Lets `ms` of clock time pass (timers and promises run as they fall due). */
const clockPasses = (ms: number) => jest.advanceTimersByTimeAsync(ms);

const previews = () =>
  panel.bridge
    .callsTo('settingsUpdated')
    .map(([message]) => message as { type: string; model: UserModel })
    .filter((message) => message.type === 'preview');

describe('live preview', () => {
  it('loading the model sends nothing; a change sends the whole model at once, before the save', async () => {
    panel = startPanel({ mock: { latencyMs: 200 } });
    await panel.advanceUntil((s) => s.user.loaded, 10_000, 'the model');
    await clockPasses(20);
    expect(previews()).toHaveLength(0);
    panel.dispatch(userActions.titleBarToggled(true));
    await clockPasses(0);
    expect(previews()).toEqual([{ type: 'preview', model: panel.store.getState().user.model }]);
    expect(panel.requests({ path: '/api/save' })).toHaveLength(0);
  });

  it('a change before the model loads is not previewed: the default model is not the owner’s, and the loaded one is the baseline', async () => {
    panel = startPanel({ mock: { latencyMs: 200 } });
    panel.dispatch(userActions.titleBarToggled(true));
    await clockPasses(20);
    expect(previews()).toHaveLength(0);
    await panel.advanceUntil((s) => s.user.loaded, 10_000, 'the model');
    await clockPasses(PREVIEW_INTERVAL_MS * 2);
    expect(previews()).toHaveLength(0);
    panel.dispatch(userActions.borderWidthChanged(5));
    await clockPasses(0);
    expect(previews()).toEqual([{ type: 'preview', model: panel.store.getState().user.model }]);
  });

  it('a drag of many changes previews continuously, at most once per interval, ending with the latest', async () => {
    panel = startPanel();
    await panel.advanceUntil((s) => s.user.loaded, 10_000, 'the model');
    // A drag: 30 values, one every 5 ms, 150 ms in all.
    const dragMs = 150;
    for (let value = 1; value <= 30; value++) {
      panel.dispatch(userActions.cornerRadiusChanged({ corner: 'TopLeft', value }));
      await clockPasses(dragMs / 30);
    }
    await clockPasses(PREVIEW_INTERVAL_MS * 2);
    const sent = previews();
    // One at the start and one per interval of the drag: continuous, but not one per value.
    expect(sent.length).toBeGreaterThanOrEqual(dragMs / PREVIEW_INTERVAL_MS);
    expect(sent.length).toBeLessThanOrEqual(dragMs / PREVIEW_INTERVAL_MS + 2);
    expect(sent[sent.length - 1]!.model.cornerRadiusTopLeft).toBe(30);
  });
});
