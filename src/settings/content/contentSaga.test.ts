import { DRIVE_IDS, MIME } from '../../../mirage/drive';
import { setMockSwitches } from '../../../mirage/server';
import { memoryStateStore, type StateStore } from '../../../mirage/state';
import { startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import type { DriveFile } from '../../api/schemas';
import { readContentAttribute } from '../../contract/elementAttributes';
import type { ElementContentProp } from '../../editor/EditorBridge';
import { fileChosen, publicRoleSet, userActions } from '../model';
import { contentActions } from './contentSlice';

// On Jest's fake clock: the mock's latency and the saga's waits are clock time.
let panel: PanelHarness;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  panel.stop();
  jest.useRealTimers();
});

/** The element's `content` attribute as the editor holds it, every write recorded; writes may be made to fail. */
function fakeElement(initial = '') {
  const element = { value: initial, writes: [] as string[], failWrites: 0 };
  const prop: ElementContentProp = {
    read: () => Promise.resolve(element.value),
    write: (value) => {
      if (element.failWrites > 0) {
        element.failWrites--;
        return Promise.reject(new Error('The editor did not answer in time.'));
      }
      element.writes.push(value);
      element.value = value;
      return Promise.resolve();
    },
  };
  return { element, prop };
}

const welcome: DriveFile = { id: DRIVE_IDS.welcomeDoc, title: 'Welcome to your drive', mimeType: MIME.document }; // anyone: reader
const pdf: DriveFile = { id: DRIVE_IDS.annualPdf, title: 'Annual report 2025.pdf', mimeType: MIME.pdf };
const shown = (value: string) => readContentAttribute((name) => (name === 'content' ? value : null));

async function open(element = fakeElement(), stateStore: StateStore = memoryStateStore()) {
  panel = startPanel({ bridgeOverrides: { elementContent: element.prop }, mock: { stateStore } });
  await panel.advanceUntil((s) => s.files.status === 'ready', 10_000, 'the listing');
  return element.element;
}

async function activate(file: DriveFile) {
  panel.dispatch(fileChosen(file));
  await panel.advanceUntil((s) => s.user.model.activeFileId === file.id && s.user.save.status === 'saved', 10_000, `${file.title} saved`);
}

const contentCalls = () => panel.requests({ method: 'GET', path: '/api/content' });

describe("the element's content attribute (current editor)", () => {
  it("after the chosen document's save, holds a reference to the server's rendering for that file, never the rendering", async () => {
    const element = await open();
    await activate(welcome);
    await panel.advanceUntil(() => element.value !== '', 5000, 'the content written');
    expect(shown(element.value)).toEqual({ fileId: welcome.id, version: 1 });
    // The page's HTML carries the attribute: no HTML in it, nothing of the document's text.
    expect(JSON.parse(element.value)).toEqual({ fileId: welcome.id, version: 1 });
    expect(element.value).not.toMatch(/<|Headings|html/);
    expect(element.writes.every((value) => !/<|html/.test(value))).toBe(true);
    // Asked once the server held the model (the route answers from the stored one), not before.
    const saves = panel.requests({ method: 'POST', path: '/api/save' });
    expect(panel.requests().indexOf(contentCalls()[0]!)).toBeGreaterThan(panel.requests().indexOf(saves[saves.length - 1]!));
    expect(panel.store.getState().content.status).toBe('idle');
  });

  it('is cleared at once when the file is made private, before the save is confirmed; shared again, it comes back', async () => {
    const element = await open();
    await activate(welcome);
    await panel.advanceUntil(() => element.value !== '', 5000, 'the content written');
    setMockSwitches(panel.server, { latencyMs: 500 });
    panel.dispatch(publicRoleSet({ fileId: welcome.id, role: 'none' }));
    const { state } = await panel.advanceUntil(() => element.value === '', 5000, 'the content cleared');
    expect(state.user.confirmed.model.activeFilePerm).toBe('reader');
    const before = contentCalls().length;
    await panel.advanceUntil((s) => s.user.confirmed.model.activeFilePerm === 'none', 5000, 'private saved');
    panel.dispatch(publicRoleSet({ fileId: welcome.id, role: 'reader' }));
    await panel.advanceUntil(() => element.value !== '', 10_000, 'the content back');
    expect(contentCalls().length).toBe(before + 1);
  });

  it("is cleared for the drive's viewer and for a file that cannot be part of the page", async () => {
    const element = await open();
    await activate(welcome);
    await panel.advanceUntil(() => element.value !== '', 5000, 'the content written');
    panel.dispatch(userActions.displayChosen('viewer'));
    await panel.advanceUntil(() => element.value === '', 5000, "cleared for the drive's viewer");
    panel.dispatch(userActions.displayChosen('page'));
    await panel.advanceUntil(() => element.value !== '', 5000, 'the content back');
    await activate(pdf);
    await panel.advanceUntil(() => element.value === '', 5000, 'the content cleared');
    expect(element.writes[element.writes.length - 1]).toBe('');
  });

  it('on opening, asks for the rendering and writes its reference only when it changed', async () => {
    const mock = memoryStateStore();
    const first = await open(fakeElement(), mock);
    await activate(welcome);
    await panel.advanceUntil(() => first.value !== '', 5000, 'the content written');
    const value = first.value;
    panel.stop();
    // The panel opened again on the same stored model: the element carries the same reference…
    const same = fakeElement(value);
    await open(same, mock);
    await panel.advanceUntil((s) => contentCalls().length === 1 && s.content.status === 'idle', 10_000, 'asked on opening');
    expect(same.element.writes).toEqual([]);
    panel.stop();
    // … or an attribute written before the reference, with the rendering in it: the reference replaces it.
    const old = fakeElement(JSON.stringify({ fileId: welcome.id, version: 1, html: '<p>an older version</p>' }));
    await open(old, mock);
    await panel.advanceUntil(() => old.element.writes.length === 1, 10_000, 'the reference written on opening');
    expect(old.element.value).toBe(value);
    panel.stop();
    // … or another version (the document changed since): the newer reference is written.
    const older = fakeElement(JSON.stringify({ fileId: welcome.id, version: 0 }));
    await open(older, mock);
    await panel.advanceUntil(() => older.element.writes.length === 1, 10_000, 'the newer reference written on opening');
    expect(older.element.value).toBe(value);
  });

  it('a file that can never be part of the page (422 content_unrenderable) stops the requests until the Retry; the element stays as it was', async () => {
    const q3Plan: DriveFile = { id: DRIVE_IDS.q3Plan, title: 'Q3 plan', mimeType: MIME.document };
    const mock = memoryStateStore();
    // Shared with anyone who has the link, so visitors could see it; its export is over the drive's 10 MB limit.
    const state = mock.load();
    state.permissions[q3Plan.id] = 'reader';
    mock.save(state);
    const element = await open(fakeElement(), mock);
    await activate(q3Plan);
    const { state: failed } = await panel.advanceUntil((s) => s.content.status === 'failed', 10_000, 'the refusal said');
    expect(failed.content.error).toMatchObject({ code: 'http', status: 422, reason: 'content_unrenderable' });
    expect(contentCalls().map((r) => r.status)).toEqual([422]);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(contentCalls()).toHaveLength(1);
    expect(element.writes).toEqual([]);
    panel.dispatch(contentActions.retryRequested());
    await panel.advanceUntil((s) => s.content.status === 'failed' && contentCalls().length === 2, 10_000, 'asked again on the Retry, refused again');
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(contentCalls()).toHaveLength(2);
  });

  it('a failed write is said and tried again; a refusal waits for the Retry', async () => {
    const fake = fakeElement();
    fake.element.failWrites = 2;
    const element = await open(fake);
    await activate(welcome);
    const { state } = await panel.advanceUntil((s) => s.content.status === 'retrying', 5000, 'a retry scheduled');
    expect(state.content.error?.message).toBe('The editor did not answer in time.');
    expect(state.content.nextAttemptAt).not.toBeNull();
    await panel.advanceUntil((s) => s.content.status === 'idle' && element.value !== '', 10_000, 'written after retries');

    setMockSwitches(panel.server, { forgedInstancePaths: ['/api/content'] });
    panel.dispatch(publicRoleSet({ fileId: welcome.id, role: 'writer' }));
    const failed = await panel.advanceUntil((s) => s.content.status === 'failed', 10_000, 'the refusal said');
    expect(failed.state.content.error?.status).toBe(401);
    const calls = contentCalls().length;
    await jest.advanceTimersByTimeAsync(5000);
    expect(contentCalls().length).toBe(calls);
    setMockSwitches(panel.server, { forgedInstancePaths: [] });
    panel.dispatch(contentActions.retryRequested());
    await panel.advanceUntil((s) => s.content.status === 'idle', 5000, 'done after the Retry');
    expect(contentCalls().length).toBe(calls + 1);
  });
});
