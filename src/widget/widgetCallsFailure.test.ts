/**
 * The widget's calls to the server come in a chunk of their own (widgetCalls.ts). When that chunk
 * cannot be fetched, the widget says the load failed and logs why; a delete logs that the settings
 * could not be removed. Nothing fails silently.
 */
import { createRecordingBridge } from '../../test/helpers/recordingBridge';
import { createWidgetController, type WidgetState } from './widgetController';

jest.mock('./widgetCalls', () => {
  throw new Error('chunk failed');
});

const log = { warn: jest.fn(), error: jest.fn() };

function whenState(subscribe: (l: (s: WidgetState) => void) => () => void, predicate: (s: WidgetState) => boolean) {
  return new Promise<WidgetState>((resolve) => {
    const off = subscribe((s) => {
      if (predicate(s)) {
        off();
        resolve(s);
      }
    });
  });
}

it('a page without its settings whose calls cannot be fetched shows the failure and logs it', async () => {
  const controller = createWidgetController(null, createRecordingBridge(), undefined, { log });
  const failed = whenState(controller.subscribe, (s) => s.error !== null);
  controller.start();
  expect((await failed).error).toBe('loadFailed');
  expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('the settings could not be loaded (its client did not load): Error: chunk failed'));
});

it('a deleted widget whose calls cannot be fetched logs that its settings were not removed', async () => {
  const bridge = createRecordingBridge();
  const controller = createWidgetController(null, bridge, { activeFileId: 'file-a' }, { log });
  controller.start();
  bridge.fireComponentDeleted();
  expect(controller.getState().deleted).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(log.error).toHaveBeenCalledWith(expect.stringContaining("the deleted widget's settings could not be removed (its client did not load)"));
});
