/**
 * The fake provider's Picker, played as Google's: a script (`/picker/api.js`, what
 * `https://apis.google.com/js/api.js` is) that the page loading it uses through `gapi.load('picker')`
 * and `google.picker.PickerBuilder`, and which draws the Picker as a frame of the provider's own
 * origin (`/picker/frame`) inside that page. The page hands the frame its access token by
 * postMessage, never in a URL. The frame lists the seeded drive (its folders and files, as the
 * Picker shows the whole drive whatever the app's scope), opens folders, and answers the page's
 * callback with `{action: 'picked', docs: [...]}` or `{action: 'cancel'}`. Picking a file with the
 * app's API key and app id (its Cloud project number) shares that file with the app: a `drive.file`
 * grant reaches it from then on (access.ts), and nothing else. Folders can be picked only when the
 * page enabled it (`DocsView.setSelectFolderEnabled(true)`); picking one shares the folder, not its files.
 * The frame speaks the language the page gave `setLocale` (pickerWords.ts), as Google's does.
 */
import { getDrive, type DriveRecord } from '../../../mirage/drive';
import { MIME } from '../../../mirage/driveIds';
import type { FakeGrant, FakeGrantBook } from './grants';
import { languageTag } from '../../../src/i18n/languages';
import { fakePickerLanguage, fakePickerWords } from './pickerWords';
import { driveError, type Reply } from './replies';

/** The Picker's API key and app id the fake takes (public values, as Google's are). */
export const FAKE_PICKER_API_KEY = 'fake-picker-api-key';
export const FAKE_PICKER_APP_ID = '123456789012';

/** The most items the frame lists in one folder (the real Picker pages through more). */
const MAX_ITEMS = 200;

/** The Picker's document, as its callback gives it (`google.picker.Document` keys). */
function doc(record: DriveRecord): Record<string, string> {
  return { id: record.id, name: record.title, mimeType: record.mimeType, url: `https://drive.google.com/file/d/${record.id}/view` };
}

/** `GET /picker/items?parent=<id>`: the folder's children (My Drive's), for the frame, with the owner's token. */
export function pickerItems(parent: string | null, grant: FakeGrant | null): Reply {
  if (!grant) return driveError(401, 'authError', 'Invalid Credentials');
  const folder = parent || 'root';
  const items = getDrive()
    .files.filter((r) => r.driveId === undefined && !r.labels.trashed && r.parents.some((p) => p.id === folder))
    .slice(0, MAX_ITEMS)
    .map(doc);
  return { status: 200, body: { items } };
}

/** `POST /picker/pick` `{fileId, developerKey, appId, selectFolder}`: the owner picked a file; it is shared with the app. */
export function pickerPick(body: unknown, grant: FakeGrant | null, grants: FakeGrantBook): Reply {
  if (!grant) return driveError(401, 'authError', 'Invalid Credentials');
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (b.developerKey !== FAKE_PICKER_API_KEY) return driveError(400, 'keyInvalid', 'The API developer key is invalid.');
  const record = typeof b.fileId === 'string' ? getDrive().byId.get(b.fileId) : undefined;
  if (!record) return driveError(404, 'notFound', 'File not found.');
  const folder = record.mimeType === MIME.folder;
  if (folder && b.selectFolder !== true) return driveError(400, 'invalid', 'Folders cannot be selected in this view.');
  if (b.appId === FAKE_PICKER_APP_ID) grants.picked.add(record.id);
  return { status: 200, body: doc(record) };
}

/** The script the page loads: `gapi.load` and the part of `google.picker` a page uses. */
export function pickerScript(origin: string): Reply {
  return { status: 200, body: SCRIPT.replace('__ORIGIN__', JSON.stringify(origin)), headers: { 'Content-Type': 'text/javascript; charset=utf-8' } };
}

const SCRIPT = `(function () {
  var origin = __ORIGIN__;
  function View(id) { this.o = { id: id, folders: false, selectFolders: false }; }
  View.prototype.setIncludeFolders = function (v) { this.o.folders = !!v; return this; };
  View.prototype.setSelectFolderEnabled = function (v) { this.o.selectFolders = !!v; return this; };
  View.prototype.setMimeTypes = function () { return this; };
  View.prototype.setParent = function () { return this; };
  function Builder() { this.o = { views: [] }; }
  Builder.prototype.addView = function (v) { this.o.views.push(v instanceof View ? v : new View(v)); return this; };
  Builder.prototype.setOAuthToken = function (t) { this.o.token = t; return this; };
  Builder.prototype.setDeveloperKey = function (k) { this.o.key = k; return this; };
  Builder.prototype.setAppId = function (a) { this.o.appId = a; return this; };
  Builder.prototype.setCallback = function (c) { this.o.callback = c; return this; };
  Builder.prototype.setOrigin = function () { return this; };
  Builder.prototype.setLocale = function (l) { this.o.locale = l; return this; };
  Builder.prototype.setTitle = function () { return this; };
  Builder.prototype.enableFeature = function () { return this; };
  Builder.prototype.build = function () {
    var o = this.o, frame = null;
    function close() { if (frame) { frame.remove(); frame = null; } window.removeEventListener('message', onMessage); }
    function onMessage(e) {
      if (!frame || e.origin !== origin || e.source !== frame.contentWindow || typeof e.data !== 'object' || e.data === null) return;
      if (e.data.type === 'ready') {
        var selectFolders = o.views.some(function (v) { return v.o.selectFolders; });
        frame.contentWindow.postMessage({ type: 'setup', token: o.token, developerKey: o.key, appId: o.appId, selectFolder: selectFolders }, origin);
        return;
      }
      if (e.data.action === 'picked' || e.data.action === 'cancel') { close(); if (o.callback) o.callback({ action: e.data.action, docs: e.data.docs }); }
    }
    return {
      setVisible: function (visible) {
        if (!visible) { close(); return; }
        if (frame) return;
        frame = document.createElement('iframe');
        frame.title = 'Google Picker';
        frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;background:#fff';
        frame.src = origin + '/picker/frame?origin=' + encodeURIComponent(location.origin) + (o.locale ? '&hl=' + encodeURIComponent(o.locale) : '');
        window.addEventListener('message', onMessage);
        document.body.appendChild(frame);
        if (o.callback) o.callback({ action: 'loaded' });
      },
      dispose: close,
    };
  };
  window.gapi = { load: function (name, then) { var f = typeof then === 'function' ? then : then && then.callback; if (f) setTimeout(f, 0); } };
  window.google = window.google || {};
  window.google.picker = {
    PickerBuilder: Builder,
    DocsView: View,
    ViewId: { DOCS: 'all', FOLDERS: 'folders' },
    Action: { PICKED: 'picked', CANCEL: 'cancel', LOADED: 'loaded' },
    Response: { ACTION: 'action', DOCUMENTS: 'docs' },
    Document: { ID: 'id', NAME: 'name', MIME_TYPE: 'mimeType', URL: 'url' },
    Feature: { NAV_HIDDEN: 'navHidden', MULTISELECT_ENABLED: 'multiselectEnabled' },
  };
})();`;

/** Text for the frame's script: JSON with no `<` (it cannot end the script element). */
const scriptValue = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * `GET /picker/frame?origin=<page's origin>&hl=<locale>`: the Picker itself, in the language its page
 * set (`setLocale`; English for any other); it takes its setup only from its parent, on that origin.
 */
export function pickerFrame(embedder: string | null, hl: string | null = null): Reply {
  let origin: string;
  try {
    origin = new URL(embedder ?? '').origin;
  } catch {
    return { status: 400, body: 'The origin is missing or invalid.', headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
  }
  const language = fakePickerLanguage(hl);
  const words = fakePickerWords(language);
  const body = FRAME.replace('__LANG__', languageTag(language))
    .replace('__TITLE__', () => words.title)
    .replace('__ORIGIN__', () => scriptValue(origin))
    .replace('__WORDS__', () => scriptValue(words));
  return { status: 200, body };
}

const FRAME = `<!doctype html>
<html lang="__LANG__">
<head>
<meta charset="utf-8">
<title>__TITLE__</title>
<style>
body { margin: 0; font: 14px/1.4 Arial, Helvetica, sans-serif; color: #202124; }
header { display: flex; justify-content: space-between; align-items: center; padding: 12px 16px; border-bottom: 1px solid #dadce0; }
h1 { margin: 0; font-size: 18px; font-weight: normal; }
ul { list-style: none; margin: 0; padding: 8px 16px; }
li { display: flex; gap: 8px; align-items: center; padding: 4px 0; }
button { padding: 4px 12px; border-radius: 4px; border: 1px solid #dadce0; background: #fff; color: #1a73e8; font: inherit; cursor: pointer; }
#error { color: #b3261e; padding: 0 16px; }
</style>
</head>
<body>
<header><h1 id="folder"></h1><span><button type="button" id="up" hidden></button> <button type="button" id="cancel"></button></span></header>
<p id="error" role="alert"></p>
<ul id="items" aria-labelledby="folder"></ul>
<script>
(function () {
  var origin = __ORIGIN__, words = __WORDS__, setup = null, trail = [{ id: 'root', name: words.myDrive }];
  function label(text, name) { return text.replace('{name}', function () { return name; }); }
  document.getElementById('folder').textContent = words.myDrive;
  document.getElementById('up').textContent = words.back;
  document.getElementById('cancel').textContent = words.cancel;
  var FOLDER = 'application/vnd.google-apps.folder';
  function answer(data) { parent.postMessage(data, origin); }
  function call(path, init) {
    init = init || {};
    init.headers = Object.assign({ Authorization: 'Bearer ' + setup.token }, init.headers || {});
    return fetch(path, init).then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error((b.error && b.error.message) || r.status); return b; }); });
  }
  function show() {
    var here = trail[trail.length - 1];
    document.getElementById('folder').textContent = here.name;
    document.getElementById('up').hidden = trail.length === 1;
    call('/picker/items?parent=' + encodeURIComponent(here.id)).then(function (b) {
      var list = document.getElementById('items');
      list.textContent = '';
      b.items.forEach(function (item) {
        var li = document.createElement('li'), name = document.createElement('span');
        name.textContent = item.name;
        li.appendChild(name);
        var folder = item.mimeType === FOLDER;
        if (folder) li.appendChild(button(words.open, label(words.openLabel, item.name), function () { trail.push(item); show(); }));
        if (!folder || setup.selectFolder) li.appendChild(button(words.select, label(words.selectLabel, item.name), function () { pick(item); }));
        list.appendChild(li);
      });
    }, fail);
  }
  function button(text, label, onClick) {
    var b = document.createElement('button');
    b.type = 'button'; b.textContent = text; b.setAttribute('aria-label', label); b.addEventListener('click', onClick);
    return b;
  }
  function fail(error) { document.getElementById('error').textContent = String(error.message || error); }
  function pick(item) {
    call('/picker/pick', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileId: item.id, developerKey: setup.developerKey, appId: setup.appId, selectFolder: setup.selectFolder }) })
      .then(function (d) { answer({ action: 'picked', docs: [d] }); }, fail);
  }
  document.getElementById('cancel').addEventListener('click', function () { answer({ action: 'cancel' }); });
  document.getElementById('up').addEventListener('click', function () { trail.pop(); show(); });
  window.addEventListener('message', function (e) {
    if (e.origin !== origin || e.source !== parent || setup || typeof e.data !== 'object' || e.data === null || e.data.type !== 'setup') return;
    setup = e.data;
    show();
  });
  answer({ type: 'ready' });
})();
</script>
</body>
</html>`;
