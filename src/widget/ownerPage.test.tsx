/**
 * The owner's widget page (editor, preview) over the markup the server sends (the server's React
 * view, rendered to a string, in #root as server/src/pages/widgetPage.tsx writes it), with the
 * real controller, api client and Mirage backend; a recording bridge plays the editor. The page
 * takes the server's nodes over (the viewer is not reloaded, the native content not parsed again)
 * and draws every change in place, in the owner's chosen language.
 */
// The server's renderer (jsdom's environment would pick the browser's, which needs MessageChannel).
import { renderToString } from 'react-dom/server.node';
import { screen, waitFor, within } from '@testing-library/react';
import type { Server } from 'miragejs';
import { makeServer, setMockSwitches } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { PANEL, WIDGET } from '../../mirage/testHelpers';
import { createApiClient, type ApiClient } from '../api/client';
import { USER_MODEL_ELEMENT_ID } from '../api/embeddedUserModel';
import { parseUserModel } from '../api/parseUserModel';
import { createWidgetApi } from '../api/widgetClient';
import type { UserModel, UserModelInput } from '../contract/userModel';
import type { ViewMode } from '../editor/EditorBridge';
import { DEFAULT_SITE_COLORS } from '../editor/siteDefaults';
import { toLanguage } from '../i18n/languages';
import { widgetTranslatorFor } from '../i18n/widget/everyLanguage';
import { createRecordingBridge, type RecordingBridge } from '../../test/helpers/recordingBridge';
import { NativeWidgetView } from './NativeWidgetView';
import { startOwnerPage } from './ownerPage';

const PDF = 'application/pdf';
const DOC = 'application/vnd.google-apps.document';
const SHEET = 'application/vnd.google-apps.spreadsheet';
const PLAN: UserModelInput = { activeFileId: 'doc-1', activeFileTitle: 'Plan', activeFileMimeType: DOC, activeFilePerm: 'reader' };

let server: Server | undefined;
let stop: () => void = () => undefined;

/** jsdom has no ResizeObserver: the heights below need no layout (a fixed viewer height). */
class NoResize {
  observe() {}
  disconnect() {}
}

beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = NoResize;
});

afterEach(() => {
  stop();
  server?.shutdown();
  document.body.innerHTML = '';
});

interface ServerPage {
  /** The model the server embeds (and draws), as stored. */
  embedded?: UserModelInput;
  viewMode?: ViewMode;
  /** The server's rendering of the file, shown as part of the page. */
  html?: string;
  /** #root's `data-size`, as the server marks it. */
  size?: 'content' | 'viewer';
}

/** The page as the server writes it (server/src/pages/widgetPage.tsx): the model embedded, the widget in #root in the owner's language. */
function serverPage({ embedded, viewMode = 'editor', html, size }: ServerPage): void {
  const sized = size ? ` data-size="${size}"` : '';
  if (!embedded) {
    document.body.innerHTML = `<div id="root"${sized}></div>`;
    return;
  }
  const model = parseUserModel(embedded);
  const i18n = widgetTranslatorFor(toLanguage(model.locale));
  const content = html && model.activeFileId ? { fileId: model.activeFileId, html } : null;
  const markup = renderToString(<NativeWidgetView model={model} viewMode={viewMode} error={null} i18n={i18n} content={content} />);
  document.documentElement.lang = i18n.tag;
  document.body.innerHTML = `<script type="application/json" id="${USER_MODEL_ELEMENT_ID}">${JSON.stringify(embedded)}</script><div id="root"${sized} style="position:absolute;inset:0">${markup}</div>`;
}

interface Started {
  bridge: RecordingBridge;
  panelApi: ApiClient;
  root: HTMLElement;
}

/** Runs the owner's page over the page served, as main.ts does (the editor's bridge played by `bridge`), with Mirage as our server. */
async function runPage(bridge = createRecordingBridge({ viewMode: 'editor' }), latencyMs = 0): Promise<Started> {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true, latencyMs });
  stop = await startOwnerPage(document, bridge, createWidgetApi({ query: WIDGET }));
  return { bridge, panelApi: createApiClient({ query: PANEL }), root: document.getElementById('root')! };
}

/** Serves `page`, then runs the owner's page over it. */
function startPage(page: ServerPage, bridge = createRecordingBridge({ viewMode: page.viewMode ?? 'editor' }), latencyMs = 0): Promise<Started> {
  serverPage(page);
  return runPage(bridge, latencyMs);
}

async function saveNow(api: ApiClient, user: UserModel): Promise<void> {
  await api.save(user, { revision: (await api.loadUserModel({ fresh: true })).revision });
}

/** What the panel's live preview sends the widget. */
const preview = (input: UserModelInput) => ({ type: 'preview', model: parseUserModel(input) });

/** Every change of the nodes under `node`, and of an iframe's `src`, from now on. */
function watch(node: Node): () => MutationRecord[] {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((found) => records.push(...found));
  observer.observe(node, { subtree: true, childList: true, characterData: true, attributeFilter: ['src'] });
  return () => [...records, ...observer.takeRecords()];
}

describe("takes the server's markup over without drawing it again", () => {
  it('the viewer, its title bar and the private-file hint stay the nodes the server sent', async () => {
    serverPage({ embedded: { ...PLAN, activeFilePerm: 'none', titleBar: true } });
    const [main, iframe, heading, hint] = ['main', 'iframe', 'h1', 'p'].map((tag) => document.querySelector(tag));
    expect(iframe).toHaveAttribute('src', 'https://docs.google.com/document/d/doc-1/preview?hl=en');
    const changes = watch(document.getElementById('root')!);
    const { root } = await runPage();
    expect(screen.getByRole('main')).toBe(main);
    expect(screen.getByTitle('Plan')).toBe(iframe);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBe(heading);
    expect(screen.getByRole('status')).toBe(hint);
    expect(root.childNodes).toHaveLength(1);
    expect(changes()).toEqual([]);
  });

  it("the native content's nodes stay, its link to the rest in the drive said in the page's language", async () => {
    // Polish writes 10 001 with a no-break space, which the page's HTML reads back as &nbsp;: not the drawing's string.
    const sheet = `<div class="dfw-sheets"><p>Rows</p><p class="dfw-more"><a href="https://docs.google.com/spreadsheets/d/doc-1/edit#gid=0" target="_blank" rel="noopener noreferrer nofollow" data-more="rows" data-from="10001" data-to="15000"></a></p></div>`;
    const page: ServerPage = { embedded: { ...PLAN, activeFileMimeType: SHEET, locale: 'po' }, html: sheet, size: 'content' };
    serverPage(page);
    const article = screen.getByRole('article', { name: 'Plan' });
    const [sheets, link] = [article.firstChild, within(article).getByRole('link')];
    const changes = watch(article);
    const { bridge } = await runPage();
    expect(screen.getByRole('article', { name: 'Plan' })).toBe(article);
    expect(article.firstChild).toBe(sheets);
    expect(within(article).getByRole('link')).toBe(link);
    expect(changes()).toEqual([]);
    expect(link.textContent).toBe('Cały arkusz, z wierszami od 10\u00a0001 do 15\u00a0000, jest na Dysku');
    expect(article.innerHTML).toContain('10&nbsp;001');

    // A colour changed in the panel: the content stays as it is.
    bridge.fireSettingsUpdated(preview({ ...page.embedded, activeFileMimeType: SHEET, backgroundColor: '#ABCDEF' }));
    expect(screen.getByRole('main')).toHaveStyle({ background: '#ABCDEF' });
    expect(article.firstChild).toBe(sheets);
    expect(changes()).toEqual([]);
  });
});

it('speaks the owner’s chosen language, and switches when the panel saves another', async () => {
  const privateFile: UserModelInput = { activeFileId: 'pdf-1', activeFileTitle: 'Report.pdf', activeFileMimeType: PDF, activeFilePerm: 'none' };
  const { bridge, panelApi } = await startPage({ embedded: { ...privateFile, locale: 'de' } });
  expect(screen.getByText('Diese Datei ist privat und für Besucher deiner Website nicht sichtbar. Gib sie in den Einstellungen frei.')).toBeInTheDocument();
  expect(screen.getByTitle('Report.pdf')).toHaveAttribute('src', 'https://drive.google.com/file/d/pdf-1/preview?hl=de');
  expect(document.documentElement.lang).toBe('de');
  const frame = screen.getByTitle('Report.pdf');

  await saveNow(panelApi, parseUserModel({ ...privateFile, locale: 'po' }));
  bridge.fireSettingsUpdated({ reason: 'saved' });
  expect(await screen.findByText('Ten plik jest prywatny, więc odwiedzający Twoją witrynę go nie zobaczą. Udostępnij go w ustawieniach.')).toBeInTheDocument();
  // Polish is stored as `po`; the drive's viewer is asked for `pl`.
  expect(screen.getByTitle('Report.pdf')).toHaveAttribute('src', 'https://drive.google.com/file/d/pdf-1/preview?hl=pl');
  expect(screen.getByTitle('Report.pdf')).toBe(frame);
  expect(document.documentElement.lang).toBe('pl');
});

it('keeps the words shown until the new language’s arrive', async () => {
  const { bridge } = await startPage({ embedded: { activeFileId: null, locale: 'de' } });
  const hint = 'Öffne die Einstellungen, um eine Datei aus deinem Drive auszuwählen.';
  expect(screen.getByText(hint)).toBeInTheDocument();
  bridge.fireSettingsUpdated(preview({ activeFileId: null, locale: 'ko' }));
  // Korean's catalogue is a chunk of its own: German stays meanwhile, never English.
  expect(screen.getByText(hint)).toBeInTheDocument();
  expect(await screen.findByText('설정을 열고 드라이브에서 표시할 파일을 선택하세요.')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('ko');
});

it('while the model loads, speaks the site’s language', async () => {
  await startPage({}, createRecordingBridge({ viewMode: 'editor', locale: 'ja' }), 400);
  expect(screen.getByText('読み込み中…')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  expect(document.documentElement.lang).toBe('ja');
});

it('an unknown chosen locale is English', async () => {
  await startPage({ embedded: { activeFileId: null, locale: 'xx' } }, createRecordingBridge({ viewMode: 'editor', locale: 'de' }));
  expect(screen.getByText('Open the settings to choose a file from your drive.')).toBeInTheDocument();
});

it('draws palette references with the site’s palette, and follows a new palette', async () => {
  const drawn = { ...PLAN, backgroundColor: 'color_13', titleBar: true, textColor: 'color_15' };
  const { bridge } = await startPage({ embedded: drawn });
  const frame = screen.getByRole('main');
  await waitFor(() => expect(frame).toHaveStyle({ background: '#C7C7C7' }));
  bridge.siteColors = () =>
    Promise.resolve(
      DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#00FF00' } : c.name === 'color_15' ? { ...c, value: '#112233' } : c)),
    );
  // A live preview of the same model: nothing is reloaded, but the palette is read again.
  bridge.fireSettingsUpdated(preview(drawn));
  await waitFor(() => expect(screen.getByRole('main')).toHaveStyle({ background: '#00FF00' }));
  expect(screen.getByRole('heading', { name: 'Plan' })).toHaveStyle({ color: '#112233' });
  expect(screen.getByRole('main')).toBe(frame);
});

it('draws the colours saved with the model until the site’s palette answers', async () => {
  const bridge = createRecordingBridge({ viewMode: 'preview' });
  let answer: (colors: typeof DEFAULT_SITE_COLORS) => void = () => undefined;
  bridge.siteColors = () => new Promise((resolve) => (answer = (colors) => resolve(colors.map((c) => ({ ...c })))));
  await startPage({ embedded: { ...PLAN, backgroundColor: 'color_13', paletteColors: { color_13: '#ABCDEF' } }, viewMode: 'preview' }, bridge);
  expect(screen.getByRole('main')).toHaveStyle({ background: '#ABCDEF' });
  answer(DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#00FF00' } : c)));
  await waitFor(() => expect(screen.getByRole('main')).toHaveStyle({ background: '#00FF00' }));
});

it('follows the view mode, and draws nothing once the component is deleted', async () => {
  const { bridge, root } = await startPage({ embedded: { ...PLAN, activeFilePerm: 'none' } });
  expect(screen.getByRole('status')).toHaveTextContent(/private/i);
  // A visitor never sees a private file.
  bridge.fireViewModeChanged('site');
  expect(root).toBeEmptyDOMElement();
  bridge.fireViewModeChanged('editor');
  expect(screen.getByTitle('Plan')).toBeInTheDocument();
  bridge.fireComponentDeleted();
  expect(root).toBeEmptyDOMElement();
});

it('in the editor, says when the settings cannot be loaded', async () => {
  const { bridge } = await startPage({ embedded: PLAN });
  setMockSwitches(server!, { failureRate: 1 });
  bridge.fireSettingsUpdated({ reason: 'saved' });
  expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be loaded. It will show again once the connection is back.');
  expect(screen.queryByTitle('Plan')).toBeNull();
});

it("asks the editor for the owner's viewer height", async () => {
  const heights: number[] = [];
  const bridge = Object.assign(createRecordingBridge({ viewMode: 'editor' }), { setHeight: (px: number) => heights.push(px) });
  await startPage({ embedded: { ...PLAN, viewerHeight: 640 }, size: 'viewer' }, bridge);
  expect(heights).toEqual([640]);
});

describe('a file shown as part of the page', () => {
  const DECK = `<div class="dfw-pages" data-kind="slides">${['Agenda', 'Money', 'Thanks']
    .map(
      (text, i) =>
        `<figure class="dfw-page"><img src="/i/${i}.png" width="1280" height="720" alt=""><figcaption class="dfw-page-text">${text}</figcaption></figure>`,
    )
    .join('')}</div>`;
  const deck = (slideView: 'one' | 'all') => ({ ...PLAN, activeFileTitle: 'Annual review', slideView });
  const shown = () => Array.from(document.querySelectorAll('figure:not([hidden])'), (figure) => figure.textContent);

  it('shows one slide at a time, then all again, as the owner changes the slide view', async () => {
    const { bridge } = await startPage({ embedded: deck('one'), html: DECK, size: 'content' });
    expect(shown()).toEqual(['Agenda']);
    expect(screen.getByRole('region', { name: 'Annual review' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Next slide' }).click();
    expect(shown()).toEqual(['Money']);
    bridge.fireSettingsUpdated(preview(deck('all')));
    expect(shown()).toEqual(['Agenda', 'Money', 'Thanks']);
    expect(screen.queryByRole('button')).toBeNull();
    bridge.fireSettingsUpdated(preview(deck('one')));
    expect(shown()).toEqual(['Agenda']);
  });

  it("says the link to the rest of a sheet in the drive in the widget's language, and again in the next one chosen", async () => {
    const sheet = `<div class="dfw-sheets"><p class="dfw-more"><a href="https://docs.google.com/spreadsheets/d/doc-1/edit#gid=0" target="_blank" rel="noopener noreferrer nofollow" data-more="rows" data-from="1001" data-to="1500"></a></p></div>`;
    const fr = { ...PLAN, activeFileMimeType: SHEET, locale: 'fr' };
    const { bridge } = await startPage({ embedded: fr, html: sheet, size: 'content' });
    const link = screen.getByRole('link', { name: 'La feuille entière, avec les lignes 1\u202f001 à 1\u202f500, est dans Drive' });
    expect(link.getAttribute('href')).toBe('https://docs.google.com/spreadsheets/d/doc-1/edit#gid=0');
    bridge.fireSettingsUpdated(preview({ ...fr, locale: 'en' }));
    expect(screen.getByRole('link', { name: 'The whole sheet, with rows 1,001 to 1,500, is in the drive' })).toBeInTheDocument();
  });

  it("shows a spreadsheet's sheets as tabs, and the viewer once the owner chooses it", async () => {
    const sheets = `<div class="dfw-sheets">${['North', 'South'].map((name) => `<section class="dfw-sheet"><h2>${name}</h2><p>${name} rows</p></section>`).join('')}</div>`;
    const page: ServerPage = { embedded: { ...PLAN, activeFileMimeType: SHEET }, html: sheets, size: 'content' };
    const { bridge } = await startPage(page);
    expect(screen.getByRole('tab', { name: 'South' })).toHaveAttribute('aria-selected', 'false');
    screen.getByRole('tab', { name: 'South' }).click();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('South rows');
    bridge.fireSettingsUpdated(preview({ ...page.embedded, display: 'viewer' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByTitle('Plan').tagName).toBe('IFRAME');
  });
});
