/** The fake provider's HTTP plumbing: the request body, the answer, and the shapes of its OAuth answers and pages. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from './consentPage';
import type { Reply } from './driveApi';

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function send(response: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...reply.headers };
  if (Buffer.isBuffer(reply.body)) {
    response.writeHead(reply.status, headers).end(reply.body);
  } else if (reply.status === 204 || reply.body === undefined) {
    response.writeHead(reply.status, headers).end();
  } else if (typeof reply.body === 'string') {
    response.writeHead(reply.status, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end(reply.body);
  } else {
    response.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(reply.body));
  }
}

export const oauthError = (status: number, error: string, description?: string): Reply => ({
  status,
  body: { error, error_description: description ?? error },
});
export const redirect = (location: string): Reply => ({ status: 302, headers: { Location: location } });
export const page = (status: number, title: string, text: string): Reply => ({
  status,
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`,
});

export function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return undefined;
  }
}
