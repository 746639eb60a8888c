import { createHash } from 'node:crypto';
import type { Handler } from 'hono';
import { isNotModified } from './static-files.ts';

/**
 * Answers with a fixed JSON document that clients must revalidate before each use (`no-cache`):
 * an unchanged document costs a 304 with no body.
 */
export function serveJsonRevalidated(document: unknown): Handler {
  const body = JSON.stringify(document);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const lastModified = new Date();
  const headers = { 'Cache-Control': 'no-cache', ETag: etag, 'Last-Modified': lastModified.toUTCString() };
  return (c) => {
    if (isNotModified(c, etag, lastModified)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
  };
}
