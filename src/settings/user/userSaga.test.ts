import { setMockSwitches } from '../../../mirage/server';
import { settle, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { folderOpened, userActions } from '../model';
import { DRIVE_IDS } from '../../../mirage/drive';
import { defaultUserModel } from '../../contract/userModel';
import { panelCatalogues } from '../../i18n/panel/catalogues';
import { errorText } from '../../i18n/panel/errorText';
import { PANEL } from '../../../mirage/testHelpers';
import { memoryStateStore } from '../../../mirage/state';
import { ownerToken } from '../../../mirage/fakeTokenInfo';
import { createWidgetKey } from '../../contract/widgetKey';

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
    // Redux Toolkit's development checks also warn when they run slowly (a busy machine): not counted.
    const reports = warn.mock.calls.filter(([message]) => !String(message).includes('more than the warning threshold'));
    expect(reports).toHaveLength(1);
    expect(reports[0]![0]).toMatch(/cornerRadiusTopLeft=-1, locale="", borderColor="color_99"/);
    warn.mockRestore();
  });

  it('a failed load is reported', async () => {
    panel = startPanel({ mock: { failureRate: 1 } });
    const s = await panel.until((st) => st.user.loadError !== null);
    expect(s.user.loadError).toMatchObject({ code: 'http', status: 503 });
  });
});

describe('after a failed load', () => {
  const userLoads = () => panel.requests({ method: 'GET', path: '/api/user' });
  const listings = () => panel.requests({ method: 'GET', path: '/api/files' });

  it('nothing is listed or saved until a retry loads the model; then the first listing follows and changes are saved', async () => {
    panel = startPanel({ mock: { failingPaths: ['/api/user'] } });
    await panel.until((st) => st.user.loadError !== null && st.account.status === 'connected');
    await settle();
    expect(listings()).toHaveLength(0);

    setMockSwitches(panel.server, { failingPaths: [] });
    panel.dispatch(userActions.loadRequested());
    expect(panel.store.getState().user.reloading).toBe(true);
    const s = await panel.until((st) => st.files.status === 'ready', 4000, 'the first listing');
    expect(s.user.loaded).toBe(true);
    expect(userLoads()).toHaveLength(2);
    expect(listings()).toHaveLength(1);
    expect(s.files.items.length).toBeGreaterThan(0);

    panel.dispatch(userActions.titleBarToggled(true));
    await panel.until((st) => st.user.save.status === 'saved');
    expect((await panel.api.loadUserModel({ fresh: true })).model.titleBar).toBe(true);
    expect(savedSignals()).toEqual([[{ type: 'saved' }]]);
  });

  it('the first listing, after a retry, is of the folder the loaded model was in', async () => {
    const stateStore = memoryStateStore();
    const first = startPanel({ mock: { stateStore } });
    await first.until((st) => st.files.status === 'ready');
    first.dispatch(folderOpened({ id: DRIVE_IDS.reports, title: 'Reports' }));
    await first.until((st) => st.user.save.status === 'saved');
    first.stop();

    panel = startPanel({ mock: { stateStore, failingPaths: ['/api/user'] } });
    await panel.until((st) => st.user.loadError !== null && st.account.status === 'connected');
    setMockSwitches(panel.server, { failingPaths: [] });
    panel.dispatch(userActions.loadRequested());
    const s = await panel.until((st) => st.files.status === 'ready');
    expect(s.files.folderId).toBe(DRIVE_IDS.reports);
    expect(listings().map((r) => r.query.q)).toEqual([expect.stringContaining(DRIVE_IDS.reports)]);
  });

  it('a retry that fails again is reported again, and a second one can still load', async () => {
    panel = startPanel({ mock: { failingPaths: ['/api/user'] } });
    await panel.until((st) => st.user.loadError !== null);
    panel.dispatch(userActions.loadRequested());
    const s = await panel.until((st) => st.user.loadError !== null && !st.user.reloading, 4000, 'the second failure');
    expect(s.user.loadError).toMatchObject({ code: 'http', status: 503 });
    expect(s.user.loaded).toBe(false);
    expect(userLoads()).toHaveLength(2);

    setMockSwitches(panel.server, { failingPaths: [] });
    panel.dispatch(userActions.loadRequested());
    await panel.until((st) => st.user.loaded && st.files.status === 'ready');
    expect(userLoads()).toHaveLength(3);
  });

  it('a change kept from an earlier visit is re-sent once a retry loads the model', async () => {
    const base = defaultUserModel();
    panel = startPanel({ mock: { failingPaths: ['/api/user'] }, pending: { model: { ...base, borderWidth: 7 }, base, revision: 0 } });
    await panel.until((st) => st.user.loadError !== null);
    expect(panel.pending.current()?.model.borderWidth).toBe(7);
    setMockSwitches(panel.server, { failingPaths: [] });
    panel.dispatch(userActions.loadRequested());
    await panel.until((st) => st.user.loaded && st.user.save.status === 'saved');
    expect((await panel.api.loadUserModel({ fresh: true })).model.borderWidth).toBe(7);
    expect(panel.pending.current()).toBeNull();
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

  it('retries a failed save until the server is back, saying when the next attempt is; the change is kept meanwhile', async () => {
    panel = startPanel();
    await panel.until((st) => st.files.status === 'ready');
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(userActions.localeChanged('es'));
    const s = await panel.until((st) => panel.requests({ path: '/api/save' }).length >= 4 && st.user.save.nextAttemptAt !== null);
    expect(s.user.save).toMatchObject({ status: 'retrying', error: { code: 'http', status: 503, reason: 'unavailable' } });
    expect(panel.pending.current()).toMatchObject({ model: { locale: 'es' } });
    expect(savedSignals()).toHaveLength(0);
    setMockSwitches(panel.server, { failureRate: 0 });
    await panel.until((st) => st.user.save.status === 'saved');
    expect((await panel.api.loadUserModel({ fresh: true })).model.locale).toBe('es');
    expect(savedSignals()).toEqual([[{ type: 'saved' }]]);
  });

  it('a refusal retrying cannot fix (400) stops the retries and names the refused setting; the change stays kept', async () => {
    panel = startPanel();
    const ready = await panel.until((st) => st.files.status === 'ready');
    // A model this server's contract refuses (say, made by a newer panel): a font of 1001 px.
    const model = {
      ...ready.user.model,
      font: {
        size: 1001,
        style: { bold: false, italic: false, underline: false },
        family: 'Georgia',
        cssFontFamily: 'Georgia',
        preset: 'Custom',
        fontStyleParam: true,
      },
    };
    panel.dispatch(userActions.rebased({ confirmed: ready.user.confirmed, model }));
    const failed = await panel.until((st) => st.user.save.status === 'failed');
    expect(failed.user.save.error).toMatchObject({ code: 'http', status: 400, reason: 'invalid_user', field: 'font' });
    expect(errorText(panelCatalogues.english, failed.user.save.error!)).toBe('The server refused the value of “Font”.');
    await settle(100);
    expect(panel.requests({ path: '/api/save' })).toHaveLength(1);
    expect(panel.store.getState().user.model.font).toMatchObject({ size: 1001 });
    expect(panel.pending.current()).not.toBeNull();
  });
});

describe('a widget key another site holds (a widget copied from another site)', () => {
  it('the save is refused with 409 widget_key_taken: no retry, the panel says so in its words, and the change stays kept', async () => {
    const key = createWidgetKey();
    const stateStore = memoryStateStore({ users: { [`another-site:key:${key}`]: {} }, revisions: { [`another-site:key:${key}`]: 1 } });
    const access = { params: { widgetKey: key }, headers: async () => ({ Authorization: ownerToken('site-of-the-copy') }) };
    panel = startPanel({ mock: { stateStore }, query: { instance: null, compId: null, origCompId: null }, access });
    await panel.until((st) => st.user.loaded);
    panel.dispatch(userActions.titleBarToggled(true));
    const failed = await panel.until((st) => st.user.save.status === 'failed');
    expect(failed.user.save.error).toMatchObject({ code: 'http', status: 409, reason: 'widget_key_taken' });
    expect(errorText(panelCatalogues.english, failed.user.save.error!)).toMatch(/^This widget was copied from another site.*add it again\.$/);
    await settle(100);
    expect(panel.requests({ path: '/api/save' })).toHaveLength(1);
    expect(stateStore.load().users).toEqual({ [`another-site:key:${key}`]: {} });
    expect(panel.pending.current()).not.toBeNull();
  });
});

describe('no change is lost', () => {
  const started = async (options: Parameters<typeof startPanel>[0] = {}) => {
    panel = startPanel(options);
    await panel.until((st) => st.files.status === 'ready');
  };
  const saves = () => panel.requests({ method: 'POST', path: '/api/save' });
  const serverModel = async () => (await panel.api.loadUserModel({ fresh: true })).model;

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
    expect(failed.user.save.error).toMatchObject({ code: 'refused', reason: 'missing_component' });
    expect(errorText(panelCatalogues.english, failed.user.save.error!)).toMatch(/opened without the id of its widget/);
    expect(saves()).toHaveLength(0);
  });
});
