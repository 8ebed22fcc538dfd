/** The fake provider's consent page: who is signing in, what the app asks for, Allow or Deny. */
import { avatarDataUri, ME } from '../../../mirage/drive';

export const CONSENT_TITLE = 'Drive File Widget wants to access your drive';

const SCOPE_WORDS: Record<string, string> = {
  'https://www.googleapis.com/auth/drive': 'See, edit, create and delete all of your drive files, and change who they are shared with',
  'https://www.googleapis.com/auth/drive.readonly': 'See and download all your drive files',
  'https://www.googleapis.com/auth/drive.file': 'See, edit, create and delete only the specific drive files you use with this app',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function consentPage(consentId: string, scope: string): string {
  const scopes = scope
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => `<li>${escapeHtml(SCOPE_WORDS[s] ?? s)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Sign in – Fake drive provider</title>
<style>
body { margin: 0; font: 14px/1.4 Arial, Helvetica, sans-serif; color: #202124; background: #f1f3f4; }
main { max-width: 440px; margin: 40px auto; padding: 28px 32px; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(60,64,67,.3); }
h1 { margin: 0 0 16px; font-size: 20px; font-weight: normal; }
.account { display: flex; align-items: center; gap: 8px; }
.account img { border-radius: 50%; }
.email { color: #5f6368; }
.actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 24px; }
button { padding: 8px 20px; border-radius: 4px; border: 1px solid #dadce0; background: #fff; color: #1a73e8; font: inherit; cursor: pointer; }
button[value=allow] { background: #1a73e8; border-color: #1a73e8; color: #fff; }
button:focus-visible { outline: 2px solid #174ea6; outline-offset: 2px; }
</style>
</head>
<body>
<main aria-labelledby="consent-title">
<h1 id="consent-title">${escapeHtml(CONSENT_TITLE)}</h1>
<p class="account"><img src="${escapeHtml(avatarDataUri(ME))}" alt="" width="32" height="32"> <span>${escapeHtml(ME.displayName)}</span> <span class="email">${escapeHtml(ME.emailAddress)}</span></p>
<p id="scope-intro">This will allow Drive File Widget to:</p>
<ul aria-labelledby="scope-intro">${scopes}</ul>
<form method="post" action="/o/oauth2/approve" class="actions">
<input type="hidden" name="consent" value="${escapeHtml(consentId)}">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow" autofocus>Allow</button>
</form>
</main>
</body>
</html>`;
}
