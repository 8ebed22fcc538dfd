/**
 * @jest-environment node
 */
import { createRecordingBridge } from './recordingBridge';

describe('RecordingBridge', () => {
  it('records calls in order, including unbound ones', async () => {
    const bridge = createRecordingBridge({ locale: 'DE', viewMode: 'editor' });
    const { settingsUpdated, locale } = bridge;
    settingsUpdated({ saved: true });
    bridge.settingsUpdated();
    expect(locale()).toBe('de');
    await bridge.siteTextPresets();
    expect(bridge.calls.map((c) => c.method)).toEqual(['settingsUpdated', 'settingsUpdated', 'locale', 'siteTextPresets']);
    expect(bridge.callsTo('settingsUpdated')).toEqual([[{ saved: true }], []]);
  });

  it('lets a test fire editor events to current listeners only', () => {
    const bridge = createRecordingBridge();
    const settings = jest.fn();
    const deleted = jest.fn();
    const modes = jest.fn();
    const offSettings = bridge.onSettingsUpdated(settings);
    bridge.onComponentDeleted(deleted);
    bridge.onViewModeChanged(modes);
    expect(bridge.listenerCounts()).toEqual({ settingsUpdated: 1, componentDeleted: 1, viewModeChanged: 1 });

    bridge.fireSettingsUpdated({ v: 1 });
    offSettings();
    bridge.fireSettingsUpdated({ v: 2 });
    bridge.fireComponentDeleted();
    bridge.fireViewModeChanged('site');

    expect(settings.mock.calls).toEqual([[{ v: 1 }]]);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(modes).toHaveBeenCalledWith('site');
    expect(bridge.viewMode()).toBe('site');
    expect(bridge.listenerCounts().settingsUpdated).toBe(0);
  });

  it('hands out copies of its styles', async () => {
    const bridge = createRecordingBridge({ siteColors: [{ name: 'color_1', value: '#010203' }] });
    const colors = await bridge.siteColors();
    colors[0]!.value = '#FFFFFF';
    expect(await bridge.siteColors()).toEqual([{ name: 'color_1', value: '#010203' }]);
  });
});
