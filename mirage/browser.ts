/**
 * Starts the mock drive in a page of the development build (settings panel, widget). Both frames
 * share its state through localStorage, so what the panel saves the widget sees.
 */
import { makeServer } from './server';
import { localStorageStateStore } from './state';

export function startMockBackend() {
  return makeServer({ environment: 'development', stateStore: localStorageStateStore(), logging: false });
}
