/** Route options shared by the writing routes: the per-instance rate limit. */
import type { RouteShorthandOptions } from 'fastify';

export type RouteConfig = RouteShorthandOptions;
