/**
 * The widget follows the panel live: a preview message is drawn at once without a request, and
 * the palette is read again on every settings update, so palette references follow a new palette.
 */
import type { Server } from 'miragejs';
import { getRequestLog, makeServer } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { WIDGET } from '../../mirage/testHelpers';
import { createApiClient } from '../api/client';
import { readUserModel } from '../api/schemas';
import { DEFAULT_SITE_COLORS } from '../editor/siteDefaults';
import { onFakeClock } from '../../test/helpers/fakeClock';
import { createRecordingBridge } from '../../test/helpers/recordingBridge';
import { createWidgetController, type WidgetController, type WidgetState } from './widgetController';

// On Jest's fake clock: the waits below are clock time, not real time.
let server: Server;
let stop: () => void = () => {};
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  stop();
  server.shutdown();
  jest.useRealTimers();
});

function start(embedded: unknown = {}, bridgeOptions?: Parameters<typeof createRecordingBridge>[0]) {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
  const bridge = createRecordingBridge(bridgeOptions);
  const controller = createWidgetController(createApiClient({ query: WIDGET }), bridge, embedded);
  stop = controller.start();
  return { bridge, controller };
}

/** The first state (current or later) that satisfies `predicate`, moving the clock on. */
function until(controller: WidgetController, predicate: (s: WidgetState) => boolean): Promise<WidgetState> {
  return onFakeClock(whenState(controller, predicate), 2010);
}

function whenState(controller: WidgetController, predicate: (s: WidgetState) => boolean): Promise<WidgetState> {
  return new Promise((resolve, reject) => {
    if (predicate(controller.getState())) return resolve(controller.getState());
    const timer = setTimeout(() => reject(new Error('timed out')), 2000);
    const off = controller.subscribe((s) => {
      if (!predicate(s)) return;
      clearTimeout(timer);
      off();
      resolve(s);
    });
  });
}

const userReads = () => getRequestLog(server).filter((r) => r.path === '/api/user');
/** Lets `ms` of clock time pass (timers and promises run as they fall due). */
const clockPasses = (ms = 30) => jest.advanceTimersByTimeAsync(ms);

describe('live preview in the widget', () => {
  it('draws a preview message at once, without reloading', async () => {
    const { bridge, controller } = start();
    const model = readUserModel({ cornerRadiusTopLeft: 18, titleBar: true, textColor: '#ff000080' }).model;
    bridge.fireSettingsUpdated({ type: 'preview', model });
    expect(controller.getState().model).toEqual(model);
    await clockPasses();
    expect(userReads()).toHaveLength(0);
  });

  it('a preview that is not a user model reloads from the backend instead', async () => {
    const { bridge, controller } = start();
    bridge.fireSettingsUpdated({ type: 'preview', model: 'not a model' });
    await until(controller, () => userReads().length === 1);
    expect(controller.getState().model?.cornerRadiusTopLeft).toBe(0);
  });

  it('a preview with one bad field draws that field as its default and keeps the rest', async () => {
    const { bridge, controller } = start();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    bridge.fireSettingsUpdated({ type: 'preview', model: { cornerRadiusTopLeft: -4, cornerRadiusTopRight: 9, titleBar: true } });
    const s = await until(controller, (st) => st.model?.cornerRadiusTopRight === 9);
    expect(s.model).toMatchObject({ cornerRadiusTopLeft: 0, cornerRadiusTopRight: 9, titleBar: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(userReads()).toHaveLength(0);
    warn.mockRestore();
  });

  it('reads the palette at start and again on every settings update', async () => {
    const sitePalette = DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_15' ? { ...c, value: '#654321' } : { ...c }));
    const { bridge, controller } = start({}, { siteColors: sitePalette });
    await until(controller, (s) => s.palette?.find((c) => c.name === 'color_15')?.value === '#654321');
    const newPalette = DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_15' ? { ...c, value: '#123456' } : { ...c }));
    bridge.siteColors = () => Promise.resolve(newPalette);
    bridge.fireSettingsUpdated({ type: 'saved' });
    const s = await until(controller, (st) => st.palette?.find((c) => c.name === 'color_15')?.value === '#123456');
    expect(s.palette).toEqual(newPalette);
  });
});
