/**
 * The current editor's bridge on the real `@wix/editor` and `@wix/sdk`, with the editor's context
 * injected in-process (`@wix/editor-platform-contexts`, the copy `@wix/editor` itself reads) and the
 * platform's private API played over a real custom element.
 */
import { ApplicationContext, EnvironmentContext, PlatformEnvironment } from '@wix/editor-platform-contexts';
import { PlatformAppEventEmitter } from '@wix/public-editor-platform-events';
import { defaultUserModel } from '../contract/userModel';
import { ELEMENT_ATTRIBUTES } from '../contract/elementAttributes';
import { isWidgetKey } from '../contract/widgetKey';
import { createEditorPlatformApi, STAGE_APP_ID, STAGE_META_SITE_ID, type EditorPlatformOptions } from '../../test/helpers/editorPlatformApi';
import { createCurrentEditorBridge, createCurrentEditorClient } from './currentEditorAdapter';
import { CUSTOM_PRESET, DEFAULT_FONT } from '../contract/font';
import { defaultPresets } from './siteStyles';

let element: HTMLElement | null = null;
const platform: EditorPlatformOptions & { tokens: string[] } = {
  tokens: [],
  element: () => element,
  language: 'DE',
  viewMode: 'preview',
  theme: () => ({ color_18: { type: 'color', value: '#123456', displayName: 'Accent' }, color_19: { type: 'color', value: 'red; x', displayName: 'Bad' } }),
  pickColor: async (_current, onPicked) => onPicked({ color: '#8b5dff', cssVariableTheme: '--color_28' }),
  pickFont: async (_current, onPicked) => onPicked({ family: 'din-next-w01-light,sans-serif', size: 22, bold: true, cssVariableName: '--font_6' }),
  accessToken(appId, metaSiteId) {
    const token = `token-for-${appId}-${metaSiteId}`;
    platform.tokens.push(token);
    return { token, expires: new Date(Date.now() + 3600_000).toISOString() };
  },
};

beforeAll(async () => {
  await EnvironmentContext.inject({
    environment: PlatformEnvironment.Frame,
    privateApi: createEditorPlatformApi(platform),
    events: new PlatformAppEventEmitter(),
  });
  await ApplicationContext.inject({ appDefinitionId: STAGE_APP_ID });
});

let warn: jest.SpyInstance;
beforeEach(() => {
  element = document.createElement('drive-file-widget-probe');
  document.body.append(element);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  element?.remove();
  warn.mockRestore();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

it('creates the widget key on first open and stores it on the element; the next open reads it', async () => {
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  const key = element!.getAttribute(ELEMENT_ATTRIBUTES.widgetKey);
  expect(isWidgetKey(key)).toBe(true);
  expect(bridge.backendAccess?.params).toEqual({ widgetKey: key });
  const again = await createCurrentEditorBridge(createCurrentEditorClient());
  expect(again.backendAccess?.params).toEqual({ widgetKey: key });
});

it("takes the language and the view mode from the editor's info", async () => {
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  expect(bridge.locale()).toBe('de');
  expect(bridge.viewMode()).toBe('preview');
});

it("sends the editor's access token for our app and site as Authorization", async () => {
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  await expect(bridge.backendAccess!.headers()).resolves.toEqual({ Authorization: `token-for-${STAGE_APP_ID}-${STAGE_META_SITE_ID}` });
});

it('turns the live preview into the attributes the element draws, writing only what changed', async () => {
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  const writes: string[] = [];
  new MutationObserver((records) => writes.push(...records.map((r) => r.attributeName!))).observe(element!, { attributes: true });
  const model = { ...defaultUserModel(), activeFileId: 'file-a', activeFileMimeType: 'application/pdf', activeFilePerm: 'reader' as const };
  bridge.settingsUpdated({ type: 'preview', model });
  await flush();
  await flush();
  expect(JSON.parse(element!.getAttribute(ELEMENT_ATTRIBUTES.file)!)).toEqual({ id: 'file-a', mimeType: 'application/pdf', perm: 'reader' });
  expect(element!.getAttribute(ELEMENT_ATTRIBUTES.locale)).toBe('en');
  writes.length = 0;
  bridge.settingsUpdated({ type: 'preview', model: { ...model, borderWidth: 4 } });
  bridge.settingsUpdated({ type: 'saved' });
  await flush();
  await flush();
  expect(writes).toEqual([ELEMENT_ATTRIBUTES.design]);
  expect(JSON.parse(element!.getAttribute(ELEMENT_ATTRIBUTES.design)!)).toMatchObject({ borderWidth: 4 });
});

it("reads and writes the element's content attribute (the rendering the site's page carries)", async () => {
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  expect(await bridge.elementContent!.read()).toBe('');
  const value = JSON.stringify({ fileId: 'f1', html: '<p>Hello</p>' });
  await bridge.elementContent!.write(value);
  expect(element!.getAttribute(ELEMENT_ATTRIBUTES.content)).toBe(value);
  expect(await bridge.elementContent!.read()).toBe(value);
  await bridge.elementContent!.write('');
  expect(element!.getAttribute(ELEMENT_ATTRIBUTES.content) ?? '').toBe('');
});

it("reads the site's palette from the theme, keeping only hex colours", async () => {
  const colors = await (await createCurrentEditorBridge(createCurrentEditorClient())).siteColors();
  expect(colors.find((c) => c.name === 'color_18')?.value).toBe('#123456');
  expect(colors.find((c) => c.name === 'color_19')?.value).toBe('#005E8C');
});

it('an editor that does not answer: the defaults after the time limit, said in the console', async () => {
  const silent = new Promise<never>(() => undefined);
  const client = {
    widget: { getProp: () => silent, setProp: () => silent },
    inputs: { selectColor: () => silent, selectFont: () => silent },
    info: { getLanguageCode: () => silent, getViewMode: () => silent, getThemeCustomProperties: () => silent },
    auth: { getAuthHeaders: () => silent },
  };
  const bridge = await createCurrentEditorBridge(client, 30);
  expect(bridge.locale()).toBe('en');
  expect(bridge.viewMode()).toBe('editor');
  expect(isWidgetKey(bridge.backendAccess?.params.widgetKey)).toBe(true);
  await expect(bridge.backendAccess!.headers()).rejects.toThrow(/did not answer within 30 ms/);
  await expect(bridge.elementContent!.write('{}')).rejects.toThrow(/did not answer within 30 ms/);
  await expect(bridge.elementContent!.read()).rejects.toThrow(/did not answer within 30 ms/);
  expect((await bridge.siteColors()).find((c) => c.name === 'color_18')?.value).toBe('#0088CB');
  expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/language is unknown/),
      expect.stringMatching(/widget key could not be stored/),
      expect.stringMatching(/colours are unknown/),
    ]),
  );
});

it("opens the editor's colour picker on the current colour and reads its answer as the model's colour", async () => {
  const opened = jest.spyOn(platform, 'pickColor');
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  await expect(bridge.pickColor!('color_18', await bridge.siteColors())).resolves.toEqual({ value: 'color_28' });
  expect(opened).toHaveBeenCalledWith('--color_18', expect.any(Function));
});

it("keeps a theme variable the contract does not know with the picker's own fallback colour", async () => {
  jest
    .spyOn(platform, 'pickColor')
    .mockImplementation(async (_current, onPicked) => onPicked({ color: 'rgb(17, 109, 255)', cssVariableTheme: '--wst-primary-color' }));
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  await expect(bridge.pickColor!('color_18', await bridge.siteColors())).resolves.toEqual({ value: 'var(--wst-primary-color, #116dff)' });
});

it("opens the editor's font picker (inputs.selectFont) on the model's font; a theme font picked is the site's preset", async () => {
  const opened = jest.spyOn(platform, 'pickFont');
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  const picked = await bridge.pickFont!(DEFAULT_FONT, defaultPresets());
  // @wix/editor hands the picker the font it read from our CSS: Body-M's theme font, font_8.
  expect(opened).toHaveBeenCalledWith(
    expect.objectContaining({ editorKey: '--font_8', size: 16, family: 'avenir-lt-w01_35-light1475496,sans-serif' }),
    expect.any(Function),
  );
  expect(picked).toEqual({
    size: 22,
    style: { bold: true, italic: false, underline: false },
    family: 'din-next-w01-light',
    cssFontFamily: 'din-next-w01-light,sans-serif',
    preset: 'Heading-S',
    fontStyleParam: false,
  });
});

it("a font the editor's picker answers that the model cannot keep, or a failing picker: null, said in the console", async () => {
  const bridge = await createCurrentEditorBridge(createCurrentEditorClient());
  jest.spyOn(platform, 'pickFont').mockImplementationOnce(async (_current, onPicked) => onPicked({ family: 'x;}body{color:red', size: 12 }));
  await expect(bridge.pickFont!({ ...DEFAULT_FONT, preset: CUSTOM_PRESET }, defaultPresets())).resolves.toBeNull();
  jest.spyOn(platform, 'pickFont').mockRejectedValueOnce(new Error('picker crashed'));
  await expect(bridge.pickFont!(DEFAULT_FONT, defaultPresets())).resolves.toBeNull();
  expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
    expect.stringMatching(/cannot keep/),
    expect.stringMatching(/font picker failed \(picker crashed\)/),
  ]);
});
