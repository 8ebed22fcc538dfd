import type { UserModel } from '../../api/schemas';
import { settle, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { userActions } from '../model';
import { PREVIEW_INTERVAL_MS } from './previewSaga';

let panel: PanelHarness;
afterEach(() => panel.stop());

const previews = () =>
  panel.bridge
    .callsTo('settingsUpdated')
    .map(([message]) => message as { type: string; model: UserModel })
    .filter((message) => message.type === 'preview');

describe('live preview', () => {
  it('loading the model sends nothing; a change sends the whole model at once, before the save', async () => {
    panel = startPanel({ mock: { latencyMs: 200 } });
    await panel.until((s) => s.user.loaded);
    await settle(20);
    expect(previews()).toHaveLength(0);
    panel.dispatch(userActions.titleBarToggled(true));
    await settle(0);
    expect(previews()).toEqual([{ type: 'preview', model: panel.store.getState().user.model }]);
    expect(panel.requests({ path: '/api/save' })).toHaveLength(0);
  });

  it('a drag of many changes previews continuously, at most once per interval, ending with the latest', async () => {
    panel = startPanel();
    await panel.until((s) => s.user.loaded);
    for (let value = 1; value <= 30; value++) {
      panel.dispatch(userActions.cornerRadiusChanged({ corner: 'TopLeft', value }));
      if (value % 10 === 0) await settle(PREVIEW_INTERVAL_MS + 10);
    }
    await settle(PREVIEW_INTERVAL_MS * 2);
    const sent = previews();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeLessThan(10);
    expect(sent[sent.length - 1]!.model.cornerRadiusTopLeft).toBe(30);
  });
});
