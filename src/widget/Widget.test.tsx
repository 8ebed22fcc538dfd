/**
 * The widget in the owner's chosen language: the real controller, api client and Mirage backend;
 * a recording bridge plays the editor. A new locale saved by the panel re-renders the widget in
 * that language, without a new page.
 */
import { render, screen, waitFor } from '@testing-library/react';
import type { Server } from 'miragejs';
import { makeServer } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { PANEL, WIDGET } from '../../mirage/testHelpers';
import { createApiClient, type ApiClient } from '../api/client';
import { parseUserModel } from '../api/parseUserModel';
import type { UserModel } from '../contract/userModel';
import { createWidgetApi } from '../api/widgetClient';
import { DEFAULT_SITE_COLORS } from '../editor/siteDefaults';
import { createRecordingBridge } from '../../test/helpers/recordingBridge';
import { Widget } from './Widget';
import { createWidgetController } from './widgetController';

const PDF = 'application/pdf';
let server: Server;
let stop: () => void = () => undefined;

afterEach(() => {
  stop();
  server.shutdown();
});

async function saveNow(api: ApiClient, user: UserModel): Promise<void> {
  await api.save(user, { revision: (await api.loadUserModel({ fresh: true })).revision });
}

function startWidget(embedded: unknown, siteLocale = 'en', latencyMs = 0) {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true, latencyMs });
  const bridge = createRecordingBridge({ viewMode: 'editor', locale: siteLocale });
  const controller = createWidgetController(createWidgetApi({ query: WIDGET }), bridge, embedded);
  stop = controller.start();
  render(<Widget controller={controller} siteLocale={bridge.locale()} />);
  return { bridge, panelApi: createApiClient({ query: PANEL }) };
}

it('speaks the owner’s chosen language, and switches when the panel saves another', async () => {
  const privateFile = { activeFileId: 'pdf-1', activeFileTitle: 'Report.pdf', activeFileMimeType: PDF, activeFilePerm: 'none' };
  const { bridge, panelApi } = startWidget({ ...privateFile, locale: 'de' });
  expect(
    await screen.findByText('Diese Datei ist privat und für Besucher deiner Website nicht sichtbar. Gib sie in den Einstellungen frei.'),
  ).toBeInTheDocument();
  expect(screen.getByTitle('Report.pdf')).toHaveAttribute('src', 'https://drive.google.com/file/d/pdf-1/preview?hl=de');
  expect(document.documentElement.lang).toBe('de');
  const frame = screen.getByTitle('Report.pdf');

  await saveNow(panelApi, parseUserModel({ ...privateFile, locale: 'po' }));
  bridge.fireSettingsUpdated({ reason: 'saved' });
  expect(await screen.findByText('Ten plik jest prywatny, więc odwiedzający Twoją witrynę go nie zobaczą. Udostępnij go w ustawieniach.')).toBeInTheDocument();
  // Polish is stored as `po`; the drive's viewer is asked for `pl`.
  expect(screen.getByTitle('Report.pdf')).toHaveAttribute('src', 'https://drive.google.com/file/d/pdf-1/preview?hl=pl');
  expect(screen.getByTitle('Report.pdf')).toBe(frame);
  await waitFor(() => expect(document.documentElement.lang).toBe('pl'));
});

it('while the model loads, speaks the site’s language', async () => {
  startWidget(undefined, 'ja', 400);
  expect(await screen.findByText('読み込み中…')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
});

it('an unknown chosen locale is English', async () => {
  startWidget({ activeFileId: null, locale: 'xx' }, 'de');
  expect(await screen.findByText('Open the settings to choose a file from your drive.')).toBeInTheDocument();
});

it('draws palette references with the site’s palette, and follows a new palette', async () => {
  const doc = { activeFileId: 'doc-1', activeFileTitle: 'Plan', activeFileMimeType: 'application/vnd.google-apps.document', activeFilePerm: 'reader' };
  const drawn = { ...doc, backgroundColor: 'color_13', titleBar: true, textColor: 'color_15' };
  const { bridge } = startWidget(drawn);
  const frame = await screen.findByRole('main');
  await waitFor(() => expect(frame).toHaveStyle({ background: '#C7C7C7' }));
  bridge.siteColors = () =>
    Promise.resolve(
      DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#00FF00' } : c.name === 'color_15' ? { ...c, value: '#112233' } : c)),
    );
  // A live preview of the same model: nothing is reloaded, but the palette is read again.
  bridge.fireSettingsUpdated({ type: 'preview', model: parseUserModel(drawn) });
  await waitFor(() => expect(screen.getByRole('main')).toHaveStyle({ background: '#00FF00' }));
  expect(screen.getByRole('heading', { name: 'Plan' })).toHaveStyle({ color: '#112233' });
});

it('draws the colours saved with the model until the site’s palette answers', async () => {
  const doc = { activeFileId: 'doc-1', activeFileTitle: 'Plan', activeFileMimeType: 'application/vnd.google-apps.document', activeFilePerm: 'reader' };
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
  const bridge = createRecordingBridge({ viewMode: 'site' });
  let answer: (colors: typeof DEFAULT_SITE_COLORS) => void = () => undefined;
  bridge.siteColors = () => new Promise((resolve) => (answer = (colors) => resolve(colors.map((c) => ({ ...c })))));
  const controller = createWidgetController(createWidgetApi({ query: WIDGET }), bridge, {
    ...doc,
    backgroundColor: 'color_13',
    paletteColors: { color_13: '#ABCDEF' },
  });
  stop = controller.start();
  render(<Widget controller={controller} siteLocale="en" />);
  expect(await screen.findByRole('main')).toHaveStyle({ background: '#ABCDEF' });
  answer(DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#00FF00' } : c)));
  await waitFor(() => expect(screen.getByRole('main')).toHaveStyle({ background: '#00FF00' }));
});
