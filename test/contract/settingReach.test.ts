/**
 * Every setting of the registry reaches each client-side consumer: the panel's save, the mock
 * backend's store, the custom element's attributes and the widget's load. The lists each consumer
 * uses are made from the registry, so a setting added there (with its sample, settingSamples.ts)
 * is checked here without any other change. The server's side: server/test/settingReach.test.ts.
 */
import { ROUTES } from '../../src/api/routes';
import { createWidgetApi } from '../../src/api/widgetClient';
import { elementAttributesOf, readElementAttributes } from '../../src/contract/elementAttributes';
import { defaultUserModel, readField, USER_MODEL_FIELDS } from '../../src/contract/userModel';
import { VISITOR_INSTANCE, WIDGET } from '../../mirage/testHelpers';
import { startPanel, type PanelHarness } from '../helpers/panelHarness';
import { samplesOf, SETTING_SAMPLES, VISITOR_SETTINGS } from './settingSamples';

const defaults = defaultUserModel();

it.each(USER_MODEL_FIELDS)('the sample of %s is valid as the model keeps it, and not its default', (name) => {
  expect(readField(name, SETTING_SAMPLES[name])).toEqual(SETTING_SAMPLES[name]);
  expect(SETTING_SAMPLES[name]).not.toEqual(defaults[name]);
});

it("the element's attributes carry every setting a visitor may see, and read back as they were", () => {
  const attributes = elementAttributesOf(SETTING_SAMPLES);
  const read = readElementAttributes((name) => (name in attributes ? attributes[name as keyof typeof attributes] : null));
  expect(read.problems).toEqual([]);
  expect(read.model).toEqual({ ...defaults, ...samplesOf(VISITOR_SETTINGS) });
});

describe('through the panel and the mock backend', () => {
  let panel: PanelHarness;
  afterEach(() => panel.stop());

  it("the panel saves every setting, the mock stores it, and the widget's load receives each a visitor may see", async () => {
    // The panel keeps the palette's colours as the editor has them: the sample's, here.
    const siteColors = Object.entries(SETTING_SAMPLES.paletteColors).map(([name, value]) => ({ name, value }));
    panel = startPanel({ pending: { model: SETTING_SAMPLES, base: defaults, revision: 0 }, bridge: { siteColors } });
    await panel.until((s) => s.user.loaded && s.user.save.status === 'saved' && s.user.confirmed.revision === 1, 4000, 'the kept change saved');
    expect(panel.requests({ method: 'POST', path: ROUTES.save })).toEqual([expect.objectContaining({ status: 200 })]);
    expect((await panel.api.loadUserModel({ fresh: true })).model).toEqual(SETTING_SAMPLES);
    const visitor = await createWidgetApi({ query: { ...WIDGET, instance: VISITOR_INSTANCE } }).loadUserModel();
    expect(visitor.model).toEqual({ ...defaults, ...samplesOf(VISITOR_SETTINGS) });
  });
});
