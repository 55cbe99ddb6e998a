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
        res.status === 204 ||
        res.status === 304 ||
        !res.headers.get('Content-Type')?.startsWith('application/json') ||
        res.headers.has('Content-Encoding') ||
        !gzipWanted(c)
      ) {
        return;
      }
      const body = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      if (!/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
      let sent = body;
      if (gzipWanted(c, body.byteLength)) {
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

/** Compressed bodies of answers that are sent again as they are (cached search pages). */
const gzippedOnce = new WeakMap<object, ReturnType<typeof gzipSync>>();

/**
 * A JSON answer we already hold as text (a page of listings as PostgreSQL wrote it), gzipped
 * here when the client accepts it; the middleware above leaves encoded responses alone. With
 * `sameAs`, an object that stands for this exact text (a cached page), the compressed body is
 * made once and reused while that object lives.
 */
export function jsonText(c: Context, text: string, sameAs?: object): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  if (!gzipWanted(c, Buffer.byteLength(text))) return c.body(text, 200, headers);
  let gzipped = sameAs && gzippedOnce.get(sameAs);
  if (!gzipped) {
    gzipped = gzipSync(text);
    if (sameAs) gzippedOnce.set(sameAs, gzipped);
  }
  return c.body(gzipped, 200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(gzipped.byteLength) });
}

/** Whether to gzip a body of this size (unknown yet: only the request matters) for this request. */
function gzipWanted(c: Context, byteLength = THRESHOLD): boolean {
  return c.req.method !== 'HEAD' && byteLength >= THRESHOLD && acceptsGzip(c.req.header('Accept-Encoding'));
}

/** Whether Accept-Encoding allows gzip: named, or through "*", with a q above 0. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q[name.trim()] = weight ? Number(weight.slice(2)) || 0 : 1;
  }
  return (q.gzip ?? q['*'] ?? 0) > 0;
}
