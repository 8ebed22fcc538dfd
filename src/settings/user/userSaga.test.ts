import { setMockSwitches } from '../../../mirage/server';
import { settle, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { userActions } from '../model';

let panel: PanelHarness;
afterEach(() => panel.stop());

describe('loading the user model', () => {
  it('uses the template embedded in the page, without asking the backend', async () => {
    panel = startPanel({ embeddedUserModel: { activeFileId: 'f-embedded', locale: 'DE', breadcrumb: [{ id: 'root', title: 'My Drive' }] } });
    const s = await panel.until((st) => st.user.loaded);
    expect(s.user.model).toMatchObject({ activeFileId: 'f-embedded', locale: 'de' });
    expect(panel.requests({ path: '/api/user' })).toHaveLength(0);
  });

  it('loads from the backend when the page has no template (defaults filled in)', async () => {
    panel = startPanel();
    const s = await panel.until((st) => st.user.loaded);
    expect(panel.requests({ path: '/api/user' })).toHaveLength(1);
    expect(s.user.model.breadcrumb).toEqual([{ id: 'root', title: 'My Drive' }]);
    expect(s.user.model.activeFileId).toBeNull();
  });

  it('falls back to the backend when the embedded template is malformed', async () => {
    panel = startPanel({ embeddedUserModel: { breadcrumb: 'nope' } });
    await panel.until((st) => st.user.loaded);
    expect(panel.requests({ path: '/api/user' })).toHaveLength(1);
  });

  it('a failed load is reported', async () => {
    panel = startPanel({ mock: { failureRate: 1 } });
    const s = await panel.until((st) => st.user.loadError !== null);
    expect(s.user.loadError).toMatchObject({ code: 'http', status: 503 });
  });
});

describe('saving the user model', () => {
  it('any deep change is saved as form field user, then the editor is signalled', async () => {
    panel = startPanel();
    await panel.until((st) => st.files.status === 'ready');
    expect(panel.requests({ path: '/api/save' })).toHaveLength(0);
    panel.dispatch(userActions.cornerRadiusChanged({ corner: 'TopLeft', value: 12 }));
    await panel.until((st) => st.user.save.status === 'saved');
    expect(panel.requests({ path: '/api/save' })).toHaveLength(1);
    expect(panel.bridge.callsTo('settingsUpdated')).toEqual([[{ type: 'saved' }]]);
    const saved = await panel.api.loadUserModel({ fresh: true });
    expect(saved).toMatchObject({ cornerRadiusTopLeft: 12, cornerRadiusTopRight: 12, cornerRadiusBottomLeft: 12, cornerRadiusBottomRight: 12 });
  });

  it('changes in quick succession are saved once, with the latest model', async () => {
    panel = startPanel();
    await panel.until((st) => st.files.status === 'ready');
    panel.dispatch(userActions.cornersLockChanged(false));
    panel.dispatch(userActions.cornerRadiusChanged({ corner: 'BottomRight', value: 4 }));
    panel.dispatch(userActions.localeChanged('FR'));
    await panel.until((st) => st.user.save.status === 'saved');
    await settle();
    expect(panel.requests({ path: '/api/save' })).toHaveLength(1);
    const saved = await panel.api.loadUserModel({ fresh: true });
    expect(saved).toMatchObject({ lockCornersTogether: false, cornerRadiusBottomRight: 4, cornerRadiusTopLeft: 0, locale: 'fr' });
  });

  it('retries a failed save, then reports it; retry saves', async () => {
    panel = startPanel();
    await panel.until((st) => st.files.status === 'ready');
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(userActions.localeChanged('es'));
    const s = await panel.until((st) => st.user.save.status === 'failed');
    expect(panel.requests({ path: '/api/save' })).toHaveLength(3);
    expect(s.user.save.error).toMatchObject({ code: 'http', status: 503 });
    expect(panel.bridge.callsTo('settingsUpdated')).toHaveLength(0);
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.dispatch(userActions.saveRetryRequested());
    await panel.until((st) => st.user.save.status === 'saved');
    expect((await panel.api.loadUserModel({ fresh: true })).locale).toBe('es');
  });
});
