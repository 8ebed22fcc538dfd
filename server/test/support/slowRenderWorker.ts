/** The render worker with the tests' slow-job hook (slowJobs.ts) in front of it. */
import './slowJobs';
import '../../src/render/renderWorker';
