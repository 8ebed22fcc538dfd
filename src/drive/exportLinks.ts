/**
 * Links and ids of an exported document, checked: a link is kept only to the web (http, https) or
 * mail, unwrapped from the drive's `https://www.google.com/url?q=…` redirect, or to an anchor of
 * the document itself; an id only in the shapes the export writes (`h.…`, `id.…`, `t.…`,
 * `ftnt1`, `ftnt_ref1`), so no id can clobber a name the page's scripts use.
 */

const SAFE_ID = /^(?:h\.|id\.|t\.|ftnt|ftnt_ref)[\w.-]{0,80}$/;
const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];
const REDIRECT_HOSTS = ['www.google.com', 'google.com'];

export function safeId(id: string | null): string | null {
  return id !== null && SAFE_ID.test(id) ? id : null;
}

/** Comment anchors (`cmnt1`, `cmnt_ref1`) name the commenter: comments are never shown. */
export function isCommentAnchor(value: string | null): boolean {
  return value !== null && /^#?cmnt(?:_ref)?\d+$/.test(value);
}

function webUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.includes(url.protocol)) return null;
  return url.toString();
}

export interface SafeLink {
  href: string;
  external: boolean;
}

/** The link to keep for an export's `href`, or null when the element should lose its link. */
export function safeLink(href: string | null): SafeLink | null {
  if (href === null) return null;
  const trimmed = href.trim();
  if (trimmed.startsWith('#')) {
    const id = safeId(decodeURIComponentSafe(trimmed.slice(1)));
    return id ? { href: `#${id}`, external: false } : null;
  }
  const direct = webUrl(trimmed);
  if (!direct) return null;
  const url = new URL(direct);
  if (REDIRECT_HOSTS.includes(url.hostname) && url.pathname === '/url') {
    const target = url.searchParams.get('q');
    const unwrapped = target === null ? null : webUrl(target);
    return unwrapped ? { href: unwrapped, external: true } : null;
  }
  return { href: direct, external: true };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
