/**
 * The Picker's popup page (picker mode, src/contract/pickerChoice.ts), on our origin: it loads the
 * provider's Picker script and opens the Picker with the widget's short-lived access token (the
 * `drive.file` scope only), the Picker's API key and app id. The token is in this page alone: a data
 * attribute the script reads once and removes, never a URL, a log line or another page. When the
 * owner picks, the page hands the file's id to `window.opener` only, by postMessage with its own
 * origin as the target, and closes; cancelling says so the same way. The page and the Picker
 * (`setLocale`) speak the page's language (the widget's saved locale, pickerRoutes.ts). The page runs one inline
 * script, allowed by its hash, and the Picker's script and frame from the provider's origins.
 */
import { createHash } from 'node:crypto';
import { languageTag, type Language } from '../../../src/i18n/languages';
import { PICKER_CANCEL_MESSAGE, PICKER_CHOICE_MESSAGE } from '../../../src/contract/pickerChoice';
import type { PickerSetup } from '../drive/driveConfig';
import { CALLBACK_WORDS } from './callbackLanguage';
import { POPUP_STYLE } from './popupStyle';

const GOOGLE_SCRIPT_ORIGIN = 'https://apis.google.com';
/** Where Google's Picker draws its frame from (*unconfirmed*: as Google's Picker pages are seen to load). */
const GOOGLE_PICKER_FRAMES = ['https://docs.google.com', 'https://drive.google.com'];

const PAGE_SCRIPT =
  'var d=document.body.dataset,token=d.token,key=d.key,app=d.app;document.body.removeAttribute("data-token");' +
  "document.getElementById('close').addEventListener('click',function(){window.close()});" +
  "function fail(){document.getElementById('text').textContent=d.failed}" +
  'function tell(m){if(window.opener)window.opener.postMessage(m,location.origin);window.close()}' +
  'function open(){var p=google.picker;var view=new p.DocsView(p.ViewId.DOCS).setIncludeFolders(true).setSelectFolderEnabled(true);' +
  'new p.PickerBuilder().addView(view).setOAuthToken(token).setDeveloperKey(key).setAppId(app).setLocale(d.locale).setCallback(function(r){var a=r[p.Response.ACTION];' +
  `if(a===p.Action.PICKED){var doc=(r[p.Response.DOCUMENTS]||[])[0];if(doc)tell({type:${JSON.stringify(PICKER_CHOICE_MESSAGE)},fileId:doc[p.Document.ID]})}` +
  `else if(a===p.Action.CANCEL){tell({type:${JSON.stringify(PICKER_CANCEL_MESSAGE)}})}}).build().setVisible(true);token=null}` +
  "var s=document.createElement('script');s.src=d.script;s.onload=function(){gapi.load('picker',{callback:open,onerror:fail})};s.onerror=fail;document.head.appendChild(s);";
const PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

/** The page's policy: our inline script by its hash, the Picker's script and frame from its provider's origins, nothing else. */
export function pickerPagePolicy(picker: PickerSetup): string {
  const scriptOrigin = new URL(picker.scriptUrl).origin;
  const frames = scriptOrigin === GOOGLE_SCRIPT_ORIGIN ? GOOGLE_PICKER_FRAMES : [scriptOrigin];
  return [
    "default-src 'none'",
    `script-src ${PAGE_SCRIPT_HASH} ${scriptOrigin}`,
    `frame-src ${frames.join(' ')}`,
    `connect-src ${scriptOrigin}`,
    `img-src ${scriptOrigin} data:`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The popup's page, in `language`, holding `accessToken` for the Picker. */
export function pickerPage(picker: PickerSetup, accessToken: string, language: Language): string {
  const words = CALLBACK_WORDS[language];
  const data = {
    token: accessToken,
    key: picker.apiKey,
    app: picker.appId,
    script: picker.scriptUrl,
    locale: languageTag(language),
    failed: words['picker.failed'],
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="${languageTag(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(words['picker.title'])}</title>
<style>
${POPUP_STYLE}
</style>
</head>
<body${attributes}>
<main aria-labelledby="title">
<h1 id="title">${escapeHtml(words['picker.title'])}</h1>
<p id="text" role="status">${escapeHtml(words['picker.loading'])}</p>
<button type="button" id="close">${escapeHtml(words['callback.close'])}</button>
</main>
<script>${PAGE_SCRIPT}</script>
</body>
</html>`;
}
