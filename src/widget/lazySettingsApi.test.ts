/**
 * The widget's settings client is fetched on first use: a page that arrives with its settings
 * never fetches it; a failed fetch is a network error, and the next call fetches it again.
 */
import type { Server } from 'miragejs';
import { makeServer } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { WIDGET } from '../../mirage/testHelpers';
import { ApiError, isRetryable } from '../api/ApiError';
import { createWidgetApi, type SettingsApi } from '../api/widgetClient';
import { clockUntil } from '../../test/helpers/fakeClock';
import { createRecordingBridge } from '../../test/helpers/recordingBridge';
import { lazySettingsApi } from './lazySettingsApi';
import { createWidgetController } from './widgetController';

let server: Server;
beforeEach(() => {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
});
afterEach(() => server.shutdown());

const realClient = () => Promise.resolve<SettingsApi>(createWidgetApi({ query: WIDGET }));

it('fetches the client on the first call only, and shares it', async () => {
  const load = jest.fn(realClient);
  const api = lazySettingsApi(load);
  expect(load).not.toHaveBeenCalled();
  const [first, second] = await Promise.all([api.loadUserModel(), api.loadUserModel()]);
  expect(first.revision).toBe(0);
  expect(second.model).toEqual(first.model);
  await api.deleteSettings();
  expect(load).toHaveBeenCalledTimes(1);
});

it('a client that cannot be fetched is a retryable network error; the next call fetches it again', async () => {
  const load = jest.fn<Promise<SettingsApi>, []>().mockRejectedValueOnce(new Error('chunk failed')).mockImplementation(realClient);
  const api = lazySettingsApi(load);
  const failure = await api.loadUserModel().catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({ code: 'network', route: 'userModel', message: expect.stringContaining('chunk failed') });
  expect(isRetryable(failure)).toBe(true);
  await expect(api.loadUserModel()).resolves.toMatchObject({ revision: 0 });
  expect(load).toHaveBeenCalledTimes(2);
});

describe('on a fake clock', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a page that arrives with its settings never fetches the client, until the editor says they changed', async () => {
    const load = jest.fn(realClient);
    const bridge = createRecordingBridge();
    const controller = createWidgetController(lazySettingsApi(load), bridge, { activeFileId: 'file-a', activeFileMimeType: 'application/pdf' });
    const stop = controller.start();
    await jest.advanceTimersByTimeAsync(20);
    expect(controller.getState().model?.activeFileId).toBe('file-a');
    expect(load).not.toHaveBeenCalled();
    bridge.fireSettingsUpdated();
    // The stored settings (none yet) replace the embedded ones.
    await clockUntil(() => controller.getState().model?.activeFileId !== 'file-a', 500, 'the stored settings');
    expect(load).toHaveBeenCalledTimes(1);
    expect(controller.getState().model?.activeFileId).toBeNull();
    stop();
  });
});

it('preload fetches the client ahead of its first use, once; a failed preload is fetched again on use', async () => {
  const load = jest.fn(realClient);
  const api = lazySettingsApi(load);
  api.preload();
  api.preload();
  expect(load).toHaveBeenCalledTimes(1);
  await api.deleteSettings();
  expect(load).toHaveBeenCalledTimes(1);

  const failing = jest.fn().mockRejectedValueOnce(new Error('offline')).mockImplementation(realClient);
  const later = lazySettingsApi(failing);
  later.preload();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect((await later.loadUserModel()).revision).toBe(0);
  expect(failing).toHaveBeenCalledTimes(2);
});
