/**
 * Bench page: the panel's real store and sagas against the Mirage drive. A slider drag is 100
 * values, one per animation frame, dispatched as the corner-radius slider does; the page then
 * reports how many saves reached the backend (window.__sliderDrag).
 */
import { getRequestLog, makeServer } from '../../../mirage/server';
import { memoryStateStore } from '../../../mirage/state';
import { PANEL } from '../../../mirage/testHelpers';
import { createApiClient } from '../../../src/api/client';
import { userActions } from '../../../src/settings/model';
import { manualPageLifecycle } from '../../helpers/manualPageLifecycle';
import { memoryCookieJar } from '../../helpers/memoryCookieJar';
import { memoryPendingStore } from '../../../src/settings/services/pendingChange';
import { setupStore } from '../../../src/settings/store';
import { createRecordingBridge } from '../../helpers/recordingBridge';

const server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
const noWindows = { open: () => null, reload: () => undefined };
const { store } = setupStore({
  services: {
    api: createApiClient({ query: PANEL }),
    bridge: createRecordingBridge(),
    cookies: memoryCookieJar(),
    windows: noWindows,
    pending: memoryPendingStore(),
    lifecycle: manualPageLifecycle(),
  },
});
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
};

async function drag() {
  await until(() => store.getState().user.loaded);
  for (let value = 1; value <= 100; value++) {
    store.dispatch(userActions.cornerRadiusChanged({ corner: 'TopLeft', value }));
    await frame();
  }
  await until(() => store.getState().user.save.status === 'saved');
  await new Promise((r) => setTimeout(r, 1000));
  const saves = getRequestLog(server).filter((r) => r.method === 'POST' && r.path === '/api/save');
  (window as unknown as { __sliderDrag: unknown }).__sliderDrag = {
    values: 100,
    saves: saves.length,
    saved: store.getState().user.confirmed.model.cornerRadiusTopLeft,
  };
}
void drag();
