/**
 * The real server (server/) in this process, on an in-memory embedded database, serving a folder
 * of built pages on loopback, with one widget's settings saved: for browser tests of the pages
 * exactly as the server sends them.
 */
import { loadBuiltPages } from '../../server/src/pages/builtPages';
import { ownerInstance, visitorInstance } from '../../server/test/support/instances';
import { save } from '../../server/test/support/requests';
import { openTestDatabase, startTestApp } from '../../server/test/support/testApp';

export interface ServedPages {
  /** The widget page as a visitor's browser asks for it (not framed: no view mode). */
  widgetUrl: string;
  close(): Promise<void>;
}

export async function serveBuiltPages(dir: string, settings: Record<string, unknown>): Promise<ServedPages> {
  const pages = loadBuiltPages(dir);
  if (!pages) throw new Error(`No built widget page in ${dir}.`);
  const db = await openTestDatabase();
  const { app } = await startTestApp({ db, pages });
  const compId = 'comp-served-1';
  const saved = await save(app, { instance: ownerInstance(), compId: 'tpaSettings', origCompId: compId }, settings, 0);
  if (saved.statusCode !== 200) throw new Error(`Saving the widget's settings failed: ${saved.statusCode} ${saved.body}`);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    widgetUrl: `${address}/widget.html?${new URLSearchParams({ instance: visitorInstance(), compId, locale: 'en' })}`,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
