/**
 * `@wix/editor` prepends its design system's stylesheet, from a public CDN, to the head of the page
 * that imports it, unless a `<link type="text/css">` of that address is already there. The panel
 * uses none of it and its Content-Security-Policy refuses it, so the request could only fail in the
 * console. An inert link under each address (no `rel`: the browser never fetches it) keeps
 * the package from making the request at all.
 */
export const DESIGN_SYSTEM_STYLESHEETS = [
  'https://www.unpkg.com/@wix/design-system/dist/statics/tokens-default.global.css',
  'https://www.unpkg.com/@wix/design-system/dist/statics/tokens-studio.global.css',
] as const;

/** Call before `@wix/editor` is imported. */
export function keepDesignSystemStylesheetOut(doc: Document): void {
  for (const href of DESIGN_SYSTEM_STYLESHEETS) {
    if (doc.head.querySelector(`link[type="text/css"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.setAttribute('type', 'text/css');
    link.setAttribute('href', href);
    doc.head.append(link);
  }
}
