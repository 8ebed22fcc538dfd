/**
 * @jest-environment node
 */
import { DEFAULT_SITE_COLORS, DEFAULT_SITE_TEXT_PRESETS } from '../../editor/siteDefaults';
import { selectPalette, selectPresets, siteStyleActions, siteStyleReducer, type SiteStyleState } from './siteStyleSlice';

const start = (): SiteStyleState => siteStyleReducer(undefined, { type: 'init' });
const at = (state: SiteStyleState) => ({ siteStyle: state });

describe('the site style the editor hands out', () => {
  it('starts from the default palette and presets (sizes 10 to 80 px)', () => {
    const state = start();
    expect(selectPalette(at(state))).toEqual(DEFAULT_SITE_COLORS);
    expect(selectPresets(at(state))).toEqual(DEFAULT_SITE_TEXT_PRESETS);
    expect(state.loaded).toBe(false);
  });

  it('takes the editor’s palette and presets', () => {
    const colors = [{ name: 'color_11', value: '#123456' }];
    const presets = { Title: { ...DEFAULT_SITE_TEXT_PRESETS.Title!, size: '72px' } };
    const state = siteStyleReducer(start(), siteStyleActions.loaded({ colors, presets }));
    expect(selectPalette(at(state))).toEqual(colors);
    expect(selectPresets(at(state))).toEqual(presets);
    expect(state.loaded).toBe(true);
  });

  it.each([
    ['none', null, null],
    ['empty ones', [], {}],
  ])('keeps the defaults when the editor hands %s', (_, colors, presets) => {
    const state = siteStyleReducer(start(), siteStyleActions.loaded({ colors, presets }));
    expect(selectPalette(at(state))).toEqual(DEFAULT_SITE_COLORS);
    expect(selectPresets(at(state))).toEqual(DEFAULT_SITE_TEXT_PRESETS);
    expect(state.loaded).toBe(true);
  });
});
