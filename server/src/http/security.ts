/**
 * Security headers (a plugin). Every answer: nosniff and a referrer policy. Pages get their own
 * Content-Security-Policy (pagePolicy); everything else may not be framed or run anything.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export type PageKind = 'widget' | 'settings' | 'stage';

/** Hosts of the drive's viewers, the only frames the widget opens (src/drive/embed.ts). */
export const DRIVE_FRAME_HOSTS = ['https://drive.google.com', 'https://docs.google.com'];
/** Where the shipped pages load the platform's legacy SDK from (its pinned URL is in webpack.config.js). */
export const PLATFORM_SDK_HOSTS = ['https://static.parastorage.com'];

export function pagePolicy(kind: PageKind, frameAncestors: readonly string[]): string {
  const scripts = kind === 'stage' ? "script-src 'self'" : `script-src 'self' ${PLATFORM_SDK_HOSTS.join(' ')}`;
  const common = ["default-src 'none'", scripts, "style-src 'self' 'unsafe-inline'", "font-src 'self' data:", "base-uri 'none'"];
  const ancestors = `frame-ancestors ${frameAncestors.join(' ')}`;
  switch (kind) {
    case 'widget':
      return [...common, "img-src 'self' data:", "connect-src 'self'", `frame-src ${DRIVE_FRAME_HOSTS.join(' ')}`, "form-action 'none'", ancestors].join('; ');
    case 'settings':
      return [...common, "img-src 'self' data: https:", "connect-src 'self'", "frame-src 'none'", "form-action 'self'", ancestors].join('; ');
    case 'stage':
      // The current editor's stage holds the element itself, which frames the drive's viewer.
      return [
        ...common,
        "img-src 'self' data:",
        "connect-src 'self'",
        `frame-src 'self' ${DRIVE_FRAME_HOSTS.join(' ')}`,
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; ');
  }
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const securityHeaders: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', API_POLICY);
    done(null, payload);
  });
};

export default fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
