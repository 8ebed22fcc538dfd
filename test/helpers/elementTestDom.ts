/**
 * The custom element's unit tests' page: console warnings recorded (the element says a bad
 * attribute there), `fetch` a mock (a visitor's page asks our server for nothing before its first
 * paint; with native content and a widget key it checks the content after), the body emptied
 * after each test. Call once at the top of a test file; read `warn` and `fetch` inside the tests.
 */
export interface ElementTestDom {
  warn: jest.SpyInstance;
  fetch: jest.Mock;
}

export function elementTestDom(): ElementTestDom {
  const dom = {} as ElementTestDom;
  beforeEach(() => {
    dom.warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    dom.fetch = jest.fn();
    globalThis.fetch = dom.fetch;
  });
  afterEach(() => {
    document.body.replaceChildren();
    dom.warn.mockRestore();
  });
  return dom;
}

/**
 * Our server's JSON answer as the element's `fetch` gives it, for a test page that has no Response:
 * what the requester reads of it, and the copy the element's first script reads its body with
 * (src/element/earlyContent.ts).
 */
export function jsonAnswer(body: unknown, status = 200): Response {
  const answer = {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => null },
    json: async () => body,
    arrayBuffer: async () => new ArrayBuffer(0),
    clone: () => answer,
  };
  return answer as unknown as Response;
}
