import { browserPageLifecycle } from './pageLifecycle';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the browser page lifecycle', () => {
  afterEach(() => setVisibility('visible'));

  it('says hidden on pagehide and when the tab is hidden; resumed when back online and when the tab is visible again', () => {
    const lifecycle = browserPageLifecycle(window);
    const hidden = jest.fn();
    const resumed = jest.fn();
    const offHidden = lifecycle.onHidden(hidden);
    const offResumed = lifecycle.onResumed(resumed);
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    expect(hidden).toHaveBeenCalledTimes(2);
    expect(resumed).not.toHaveBeenCalled();
    setVisibility('visible');
    window.dispatchEvent(new Event('online'));
    expect(resumed).toHaveBeenCalledTimes(2);
    expect(hidden).toHaveBeenCalledTimes(2);

    offHidden();
    offResumed();
    window.dispatchEvent(new Event('online'));
    setVisibility('hidden');
    expect(resumed).toHaveBeenCalledTimes(2);
    expect(hidden).toHaveBeenCalledTimes(2);
  });
});
