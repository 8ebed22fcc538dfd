import { setMockSwitches } from '../../../mirage/server';
import { settle, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { userActions } from '../model';
import { defaultUserModel } from '../../api/userModel';
import { errorMessage } from '../../i18n/messages';
import { PANEL } from '../../../mirage/testHelpers';
import { memoryStateStore } from '../../../mirage/state';

let panel: PanelHarness;
afterEach(() => panel.stop());

/** Settings-updated signals other than the live preview's. */
const savedSignals = () => panel.bridge.callsTo('settingsUpdated').filter(([message]) => (message as { type?: string })?.type !== 'preview');

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

  it('falls back to the backend when the embedded template is not an object', async () => {
    panel = startPanel({ embeddedUserModel: 'nope' });
    await panel.until((st) => st.user.loaded);
    expect(panel.requests({ path: '/api/user' })).toHaveLength(1);
  });

  it('one bad field of a stored model takes its default and is reported once; the rest is kept', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    panel = startPanel();
    await panel.until((st) => st.user.loaded);
    panel.stop();
    const stored = {
      activeFileId: 'f-kept',
      activeFilePerm: 'reader',
      cornerRadiusTopLeft: -1,
      cornerRadiusTopRight: 9,
      locale: '',
      borderColor: 'color_99',
      backgroundColor: '#ffffff',
    };
    panel = startPanel({ embeddedUserModel: stored });
    const s = await panel.until((st) => st.user.loaded);
    expect(s.user.model).toMatchObject({
      activeFileId: 'f-kept',
      activeFilePerm: 'reader',
      cornerRadiusTopLeft: 0,
      cornerRadiusTopRight: 9,
      locale: 'en',
      borderColor: 'color_15',
      backgroundColor: '#ffffff',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/cornerRadiusTopLeft=-1, locale="", borderColor="color_99"/);
    warn.mockRestore();
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
    expect(savedSignals()).toEqual([[{ type: 'saved' }]]);
    const { model: saved } = await panel.api.loadUserModel({ fresh: true });
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
    const { model: saved } = await panel.api.loadUserModel({ fresh: true });
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
    expect(savedSignals()).toHaveLength(0);
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.dispatch(userActions.saveRetryRequested());
    await panel.until((st) => st.user.save.status === 'saved');
    expect((await panel.api.loadUserModel({ fresh: true })).model.locale).toBe('es');
  });
});

describe('no change is lost', () => {
  const started = async (options: Parameters<typeof startPanel>[0] = {}) => {
    panel = startPanel(options);
    await panel.until((st) => st.files.status === 'ready');
  };
  const saves = () => panel.requests({ method: 'POST', path: '/api/save' });
  const serverModel = async () => (await panel.api.loadUserModel({ fresh: true })).model;

  it('the debounce restarts on every change: 100 slider values, one every 5 ms, send one save', async () => {
    await started({ saveDebounceMs: 40 });
    for (let value = 1; value <= 100; value++) {
      panel.dispatch(userActions.cornerRadiusChanged({ corner: 'TopLeft', value }));
      await new Promise((r) => setTimeout(r, 5));
    }
    await panel.until((st) => st.user.save.status === 'saved', 4000, 'the save');
    await settle(80);
    expect(saves()).toHaveLength(1);
    expect((await serverModel()).cornerRadiusTopLeft).toBe(100);
  });

  it('a stalled save times out, is retried, and does not block later saves', async () => {
    await started({ timeoutMs: 60, saveRetryDelaysMs: [20, 20] });
    setMockSwitches(panel.server, { latencyMs: 5000 });
    panel.dispatch(userActions.localeChanged('de'));
    const retrying = await panel.until((st) => st.user.save.status === 'retrying', 2000, 'retrying');
    expect(retrying.user.save.error).toMatchObject({ code: 'timeout' });
    setMockSwitches(panel.server, { latencyMs: 0 });
    await panel.until((st) => st.user.save.status === 'saved', 3000, 'saved after the stall');
    panel.dispatch(userActions.localeChanged('fr'));
    await panel.until((st) => st.user.save.status === 'saved' && st.user.confirmed.model.locale === 'fr', 3000, 'the later save');
    expect((await serverModel()).locale).toBe('fr');
  });

  it('while retrying the state says so; after the last retry the change is kept, pending, and Retry saves it', async () => {
    await started({ saveRetryDelaysMs: [30, 30] });
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(userActions.localeChanged('it'));
    const retrying = await panel.until((st) => st.user.save.status === 'retrying');
    expect(retrying.user.save.attempt).toBe(2);
    const failed = await panel.until((st) => st.user.save.status === 'failed');
    expect(failed.user.model.locale).toBe('it');
    expect(panel.pending.current()).toMatchObject({ model: { locale: 'it' }, revision: 0 });
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.dispatch(userActions.saveRetryRequested());
    await panel.until((st) => st.user.save.status === 'saved');
    expect((await serverModel()).locale).toBe('it');
    expect(panel.pending.current()).toBeNull();
  });

  it('the unconfirmed change is kept in storage from the moment it is made until the server confirms it', async () => {
    await started({ saveDebounceMs: 50 });
    panel.dispatch(userActions.cornersLockChanged(false));
    expect(panel.pending.current()).toMatchObject({ model: { lockCornersTogether: false }, base: { lockCornersTogether: true }, revision: 0 });
    await panel.until((st) => st.user.save.status === 'saved');
    expect(panel.pending.current()).toBeNull();
    expect(panel.store.getState().user.confirmed.revision).toBe(1);
  });

  it('a change kept from an earlier visit is re-sent on load when the server does not have it', async () => {
    const base = defaultUserModel();
    await started({ pending: { base, model: { ...base, locale: 'pt', cornerRadiusTopLeft: 5 }, revision: 0 } });
    await panel.until((st) => st.user.save.status === 'saved' && st.user.confirmed.revision === 1, 3000, 're-sent');
    expect(saves()).toHaveLength(1);
    expect(await serverModel()).toMatchObject({ locale: 'pt', cornerRadiusTopLeft: 5 });
    expect(panel.pending.current()).toBeNull();
  });

  it('a kept change the server already holds (flushed before the reload) is not sent again', async () => {
    const stateStore = memoryStateStore();
    panel = startPanel({ mock: { stateStore } });
    await panel.until((st) => st.user.loaded);
    const base = defaultUserModel();
    const model = { ...base, locale: 'nl' };
    await panel.api.save(model, { revision: 0 });
    panel.stop();
    await started({ mock: { stateStore }, pending: { base, model, revision: 0 } });
    await settle(50);
    expect(saves()).toHaveLength(0);
    expect(panel.pending.current()).toBeNull();
  });

  it("a save on a stale revision reloads, re-applies the owner's change on top, and saves again", async () => {
    await started({ saveDebounceMs: 40 });
    // Another editor window saves a different field first.
    const other = await panel.api.loadUserModel({ fresh: true });
    await panel.api.save({ ...other.model, borderWidth: 3 }, { revision: other.revision });
    panel.dispatch(userActions.localeChanged('sv'));
    await panel.until((st) => st.user.save.status === 'saved' && st.user.confirmed.revision === 2, 3000, 'saved after the conflict');
    expect(saves().map((r) => r.status)).toEqual([200, 409, 200]);
    expect(await serverModel()).toMatchObject({ locale: 'sv', borderWidth: 3 });
    expect(panel.store.getState().user.model).toMatchObject({ locale: 'sv', borderWidth: 3 });
  });

  it('when the page is hidden, an unconfirmed change is sent at once (not after the debounce)', async () => {
    await started({ saveDebounceMs: 5000 });
    panel.dispatch(userActions.localeChanged('fi'));
    expect(saves()).toHaveLength(0);
    panel.lifecycle.hide();
    await panel.until((st) => st.user.confirmed.model.locale === 'fi', 2000, 'the flush');
    expect(saves()).toHaveLength(1);
    expect((await serverModel()).locale).toBe('fi');
    expect(panel.pending.current()).toBeNull();
  });

  it('a panel without its widget id refuses to save, with a clear message and no request', async () => {
    await started({ query: { ...PANEL, origCompId: null } });
    panel.dispatch(userActions.localeChanged('da'));
    const failed = await panel.until((st) => st.user.save.status === 'failed');
    expect(failed.user.save.error).toMatchObject({ code: 'refused', reason: 'no_component' });
    expect(errorMessage('en', failed.user.save.error!)).toMatch(/opened without the id of its widget/);
    expect(saves()).toHaveLength(0);
  });
});
