/**
 * The custom element's script at a name that never changes, `/drive-file-widget.js`: the URL the
 * app registers with the platform. It sends the browser on to the built file, whose name carries
 * webpack's content hash (`element.<hash>.js`, cached for a year, immutable, by the asset route);
 * the redirect itself is cached for five minutes, so a new build reaches every site within them.
 */
import { ELEMENT_SCRIPT_PATH } from '#client/contract/elementAttributes';
import { noContent, noQuery } from '../api/routeSchemas';
import { HttpError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import type { BuiltPages } from './builtPages';

export { ELEMENT_SCRIPT_PATH };
const BUILT_ELEMENT = /^\/element\.[0-9a-f]{8,}\.js$/;
const REDIRECT_MAX_AGE_SECONDS = 300;

/** The built element's URL path, or null when the pages hold none. */
export function builtElementPath(pages: BuiltPages | null): string | null {
  for (const name of pages?.assets.keys() ?? []) if (BUILT_ELEMENT.test(name)) return name;
  return null;
}

const schema = { querystring: noQuery, response: { 302: noContent } };

export const elementScriptRoute: RoutesPlugin<{ pages: BuiltPages | null }> = async (app, { pages }) => {
  const target = builtElementPath(pages);
  app.get(ELEMENT_SCRIPT_PATH, { schema, config: { access: 'public' } }, async (_request, reply) => {
    if (!target) throw new HttpError(503, 'pages_not_built', 'The element is not built: run `npm run build`.');
    // Relative: the element's chunks and its calls to our server follow the script's own URL.
    return reply.header('Cache-Control', `public, max-age=${REDIRECT_MAX_AGE_SECONDS}`).header('Access-Control-Allow-Origin', '*').redirect(`.${target}`, 302);
  });
};
