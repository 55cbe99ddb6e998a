import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { gzipSync } from 'node:zlib';

const THRESHOLD = 1024;

/**
 * gzip for every compressible response. JSON bodies (every API answer, built in memory by
 * c.json) are compressed in one call and sent with a Content-Length, so the response leaves
 * in a single write; a search answer went through four stream stages and three socket writes
 * before. Streamed bodies (server-rendered pages) keep Hono's streaming compress, so the
 * first bytes of a page still leave before the last are rendered.
 */
export function compression(): MiddlewareHandler {
  const streaming = compress({ threshold: THRESHOLD });
  return (c, next) =>
    streaming(c, async () => {
      await next();
      const res = c.res;
      if (
        c.req.method === 'HEAD' ||
        !res.headers.get('Content-Type')?.startsWith('application/json') ||
        res.headers.has('Content-Encoding') ||
        !acceptsGzip(c.req.header('Accept-Encoding'))
      ) {
        return;
      }
      const body = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      if (!/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
      let sent = body;
      if (body.byteLength >= THRESHOLD) {
        sent = gzipSync(body);
        headers.set('Content-Encoding', 'gzip');
      }
      headers.set('Content-Length', String(sent.byteLength));
      // Unset first: assigning over an existing response makes Hono re-wrap the new one
      // around a stream, which would undo the single write.
      c.res = undefined;
      c.res = new Response(sent, { status: res.status, headers });
    });
}

/**
 * A JSON answer we already hold as text (a page of listings as PostgreSQL wrote it), gzipped
 * here when the client accepts it; the middleware above leaves encoded responses alone.
 */
export function jsonText(c: Context, text: string, status: 200 | 201 = 200): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  if (text.length < THRESHOLD || c.req.method === 'HEAD' || !acceptsGzip(c.req.header('Accept-Encoding'))) return c.body(text, status, headers);
  const gzipped = gzipSync(text);
  return c.body(gzipped, status, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(gzipped.byteLength) });
}

/** Whether Accept-Encoding allows gzip: named, or through "*", with a q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q[name.trim()] = weight ? Number(weight.slice(2)) || 0 : 1;
  }
  return (q.gzip ?? q['*'] ?? 0) > 0;
}
