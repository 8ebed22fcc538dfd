/**
 * Where a site's pending deletes are kept (pendingDeletes.ts): apart from the list's rules, so the
 * custom element's first script, which only looks whether there are any, carries no more.
 */

/**
 * The current model's list: its element cannot read its site's id (its token is opaque), so its
 * list lives in the localStorage of the page the element runs in, the site's; the server refuses
 * a delete of another site's widget key all the same (409 widget_key_taken).
 */
export const ELEMENT_PAGE_SITE = 'element-page';

/** The storage key of a site's list; `site`: its instanceId (legacy), or ELEMENT_PAGE_SITE. */
export const pendingDeletesKey = (site: string): string => `dfw:deletes:${site}`;
