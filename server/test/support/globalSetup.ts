/** Once before the server's test files: the cached new PGlite cluster they each start from. */
import { prepareClusterCaches } from './pgliteCluster';

export default async function globalSetup(): Promise<void> {
  await prepareClusterCaches();
}
