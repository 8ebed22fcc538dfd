/**
 * A stand-in for the platform's editor around the production build, for browser tests:
 * - one HTTP server answers on two origins (127.0.0.1 for the host page, localhost for the built
 *   pages), so the pages run cross-origin from their host, as in the real editor;
 * - the host page frames the settings panel and the widget and answers the SDK's message protocol
 *   (platform-notes: "The messages between SDK and host"), recording every call;
 * - the SDK's URL is served the faithful fake (test/helpers/fakeWixSdk.js);
 * - the backend routes answer from memory with the agreed contract (revisions, JSON errors).
 */
import { createServer, type Server } from 'http';
import { readFileSync } from 'fs';
import path from 'path';
import type { BrowserContext } from 'playwright-core';
import { DEFAULT_SITE_COLORS, DEFAULT_SITE_TEXT_PRESETS } from '../../src/editor/siteDefaults';

export const FAKE_SDK = readFileSync(path.resolve(__dirname, '../helpers/fakeWixSdk.js'), 'utf8');
export const WIDGET_ID = 'comp-host-1';
const INSTANCE = 'c2ln.' + Buffer.from(JSON.stringify({ instanceId: 'site-1', permissions: 'OWNER' })).toString('base64url');

/** The presets as the real SDK answers them: by name and again by editor key (22 entries). */
function presetsWithAliases(): Record<string, unknown> {
  const named = JSON.parse(JSON.stringify(DEFAULT_SITE_TEXT_PRESETS)) as Record<string, { editorKey: string }>;
  return { ...named, ...Object.fromEntries(Object.values(named).map((p) => [p.editorKey, { ...p }])) };
}

function hostPage(pages: string): string {
  const widget = `${pages}/widget.html?compId=${WIDGET_ID}&viewMode=editor&deviceType=desktop&locale=en&instance=${INSTANCE}`;
  const settings = `${pages}/settings.html?compId=tpaSettings&origCompId=${WIDGET_ID}&viewMode=editor&locale=en&width=450&instance=${INSTANCE}`;
  const startup = {
    siteColors: DEFAULT_SITE_COLORS,
    siteTextPresets: presetsWithAliases(),
    style: { colors: {}, numbers: {}, booleans: {}, fonts: {} },
    fonts: { cssUrls: [] },
  };
  return `<!doctype html><html><head><meta charset="utf-8"><title>Editor</title></head><body>
<iframe data-role="settings" title="Settings panel" src="${settings}" style="width:450px;height:700px"></iframe>
<iframe data-role="widget" data-comp-id="${WIDGET_ID}" title="Widget" src="${widget}" style="width:600px;height:400px"></iframe>
<script>
  window.__calls = [];
  var STARTUP = ${JSON.stringify(startup)};
  function frameOf(source) {
    return Array.prototype.find.call(document.querySelectorAll('iframe'), function (f) { return f.contentWindow === source; });
  }
  window.addEventListener('message', function (e) {
    var m; try { m = JSON.parse(e.data); } catch (_) { return; }
    if (!m || m.intent !== 'TPA2') return;
    var frame = frameOf(e.source);
    window.__calls.push({ from: frame ? frame.dataset.role : '?', origin: e.origin, type: m.type, namespace: m.namespace, compId: m.compId, data: m.data });
    function reply(res) { e.source.postMessage(JSON.stringify({ intent: 'TPA_RESPONSE', callId: m.callId, type: m.type, res: res, status: true }), e.origin); }
    if (m.type === 'appIsAlive') reply(STARTUP);
    else if (m.type === 'getViewMode') reply({ editMode: 'editor' });
    else if (m.type === 'postMessage' && m.namespace === 'Settings') {
      document.querySelectorAll('iframe[data-role="widget"]').forEach(function (f) {
        if (m.data.compId === '*' || m.data.compId === f.dataset.compId) {
          f.contentWindow.postMessage(JSON.stringify({ intent: 'addEventListener', eventType: 'SETTINGS_UPDATED', params: m.data.message }), '*');
        }
      });
    }
  });
</script></body></html>`;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

export interface PlatformHost {
  hostUrl: string;
  pagesOrigin: string;
  /** Requests the backend answered: method and path. */
  apiLog: Array<{ method: string; path: string; status: number }>;
  close(): Promise<void>;
}

/** Serves `dist` and the host page, and answers the backend and SDK requests of `context`. */
export async function startPlatformHost(dist: string, context: BrowserContext): Promise<PlatformHost> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/host.html') {
      res.writeHead(200, { 'Content-Type': TYPES['.html'] }).end(hostPage(`http://localhost:${port()}`));
      return;
    }
    const file = path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as { port: number }).port;
  // localhost must reach the same server: listen on the IPv6 loopback too when it exists.
  const v6: Server = createServer((req, res) => server.emit('request', req, res));
  await new Promise<void>((resolve) => v6.once('error', () => resolve()).listen(port(), '::1', resolve));

  const apiLog: PlatformHost['apiLog'] = [];
  let saved: { model: Record<string, unknown>; revision: number } = { model: {}, revision: 0 };
  await context.route('https://static.parastorage.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  await context.route(/\/api\//, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const answer = (status: number, body: unknown) => {
      apiLog.push({ method: request.method(), path: url.pathname, status });
      return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    };
    if (url.pathname === '/api/user') return answer(200, { ...saved.model, revision: saved.revision });
    if (url.pathname === '/api/about') return answer(200, { user: { displayName: 'Ada', emailAddress: 'ada@example.com' } });
    if (url.pathname === '/api/files') {
      return answer(200, {
        items: [
          {
            id: 'file-plan',
            title: 'Plan',
            mimeType: 'application/vnd.google-apps.document',
            modifiedDate: '2026-01-02T10:00:00Z',
            owners: [{ displayName: 'Ada' }],
          },
        ],
      });
    }
    if (url.pathname === '/api/permissions') return answer(200, { items: [{ role: 'reader', type: 'anyone' }] });
    if (url.pathname === '/api/save') {
      const form = new URLSearchParams(request.postData() ?? '');
      if (Number(form.get('revision')) !== saved.revision)
        return answer(409, { error: 'stale_revision', message: 'Changed elsewhere.', revision: saved.revision });
      saved = { model: JSON.parse(form.get('user') ?? '{}'), revision: saved.revision + 1 };
      return answer(200, { revision: saved.revision });
    }
    return answer(404, { error: 'not_found', message: 'No such route.' });
  });
  return {
    hostUrl: `http://127.0.0.1:${port()}/host.html`,
    pagesOrigin: `http://localhost:${port()}`,
    apiLog,
    async close() {
      await context.unroute(/\/api\//);
      await context.unroute('https://static.parastorage.com/**');
      // Chromium keeps (and opens ahead) connections that are not idle: close() alone would wait
      // for the server's header timeout, about 100 s.
      for (const s of [v6, server]) s.closeAllConnections();
      await new Promise((r) => v6.close(() => r(undefined)));
      await new Promise((r) => server.close(() => r(undefined)));
    },
  };
}
