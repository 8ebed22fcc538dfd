/**
 * Runs first in the settings and widget pages of the development build (webpack puts it ahead of
 * each page's own entry), so the mock drive answers before the page's first request. The product
 * code never imports it, and production builds do not include it.
 */
import { startMockBackend } from './browser';

startMockBackend();
