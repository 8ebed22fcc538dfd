/**
 * The built pages (webpack's output folder), read once at start: the HTML templates and every
 * other file as an asset, kept in memory with a gzip copy and a content ETag. Assets whose names
 * carry webpack's content hash never change, so they are cached for a year, immutable.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Asset {
  body: Buffer;
  gzip: Buffer | null;
  contentType: string;
  etag: string;
  immutable: boolean;
}

export interface BuiltPages {
  dir: string;
  /** HTML templates by file name (settings.html, widget.html, index.html when built). */
  templates: Map<string, { html: string; etag: string }>;
  /** Other files by URL path ('/widget.1a2b3c4d.js'). */
  assets: Map<string, Asset>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.js', '.map', '.css', '.json', '.svg', '.txt']);
const HASHED_NAME = /\.[0-9a-f]{8,}\.(?:chunk\.)?[a-z0-9]+(?:\.map)?$/;

const etagOf = (data: Buffer | string) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** Null when the folder holds no built widget page (the pages were not built). */
export function loadBuiltPages(dir: string): BuiltPages | null {
  if (!existsSync(path.join(dir, 'widget.html'))) return null;
  const templates = new Map<string, { html: string; etag: string }>();
  const assets = new Map<string, Asset>();
  for (const file of listFiles(dir)) {
    const body = readFileSync(path.join(dir, file));
    const ext = path.extname(file);
    if (ext === '.html') {
      templates.set(file, { html: body.toString('utf8'), etag: etagOf(body) });
      continue;
    }
    assets.set(`/${file}`, {
      body,
      gzip: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : null,
      contentType: TYPES[ext] ?? 'application/octet-stream',
      etag: etagOf(body),
      immutable: HASHED_NAME.test(file),
    });
  }
  return { dir, templates, assets };
}
