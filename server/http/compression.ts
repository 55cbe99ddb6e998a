import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from 'node:zlib';
import { eventLoopLoad, type EventLoopLevel } from './event-loop-load.ts';

/** Bodies smaller than this are sent as they are: compressing them saves too little. */
const THRESHOLD = 1024;

/**
 * Brotli at quality 5 makes pages and JSON about a fifth smaller than gzip (a /listings page:
 * 15.1 kB against 18.5) for the same CPU (about 1.4 ms for that page), and every phone browser
 * asks for it over HTTPS. gzip stays for clients that do not.
 */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };

/**
 * While the event loop is the bottleneck (server/http/event-loop-load.ts), bodies are compressed
 * at quality BROTLI_QUALITY_UNDER_LOAD: compressing is then a fifth or more of a results page's
 * CPU, and every millisecond of it makes every queued request wait longer. Measured on two
 * results pages: quality 5 wrote 9,740 and 14,440 bytes in 0.55 and 0.95 ms; quality 3 wrote
 * 10,967 and 16,409 bytes in 0.16 and 0.40 ms. So a phone gets a page about a tenth bigger
 * only when the server is busy enough that it would otherwise wait longer for it.
 */
export const BROTLI_QUALITY_UNDER_LOAD = 3;

/**
 * Once the event loop is saturated, quality 1: on 200 pages of the API's listings (38 kB of
 * JSON each), quality 3 took 0.24 ms and wrote 6.0 kB, quality 1 0.09 ms and 6.5 kB. At 16
 * clients on 1,000,000 ads compressing was 14% of the main thread
 * (docs/decisions/brotli-quality-under-load.md).
 */
export const BROTLI_QUALITY_SATURATED = 1;
const BROTLI_PARAMS_BY_LEVEL: Record<EventLoopLevel, Record<number, number>> = {
  idle: BROTLI_PARAMS,
  busy: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_UNDER_LOAD },
  saturated: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_SATURATED },
};
const GZIP_LEVEL = 6;

type Encoding = 'br' | 'gzip';

/**
 * Compresses every compressible response, brotli where the client accepts it, gzip otherwise.
 * Bodies held whole in memory (every API answer, built by c.json, and every page, rendered
 * whole by app/entry.server.tsx) are compressed in one call and sent with a Content-Length, so
 * the response leaves in a single write. Streamed bodies are compressed as they stream, and
 * flushed whenever their source pauses. Static assets arrive compressed already (precompressed
 * files) and are left alone.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    const length = res.headers.get('Content-Length');
    // The body is asked about last: asking @hono/node-server's response for it turns the body
    // into a stream, and the answers compressed already (jsonText) are then sent in pieces.
    if (
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '') ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      (length !== null && Number(length) < THRESHOLD) ||
      !res.body
    ) {
      return;
    }
    const headers = new Headers(res.headers);
    const vary = headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = c.req.method === 'HEAD' ? null : chooseEncoding(c.req.header('Accept-Encoding'));
    const etag = headers.get('ETag');
    if (encoding && etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);

    let body: BodyInit | null = res.body;
    if (type.startsWith('application/json') || (type.startsWith('text/html') && length !== null)) {
      let bytes = new Uint8Array(await res.arrayBuffer());
      if (encoding && bytes.byteLength >= THRESHOLD) {
        bytes = compressSync(bytes, encoding);
        headers.set('Content-Encoding', encoding);
      }
      body = bytes;
      headers.set('Content-Length', String(bytes.byteLength));
    } else if (encoding) {
      body = compressStream(res.body, encoding);
      headers.delete('Content-Length');
      headers.set('Content-Encoding', encoding);
    }
    // Unset first: assigning over an existing response makes Hono re-wrap the new one
    // around a stream, which would undo the single write.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}

/** Compressed bodies of answers that are sent again as they are (cached search pages), per encoding. */
const compressedOnce = { br: new WeakMap<object, Uint8Array<ArrayBuffer>>(), gzip: new WeakMap<object, Uint8Array<ArrayBuffer>>() };

/**
 * A JSON answer we already hold as text (a page of listings as PostgreSQL wrote it), compressed
 * here when the client accepts it; the middleware above leaves encoded responses alone. With
 * `sameAs`, an object that stands for this exact text (a cached page), the compressed body is
 * made once per encoding and reused while that object lives.
 */
export function jsonText(c: Context, text: string, sameAs?: object): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  const encoding = c.req.method === 'HEAD' ? null : chooseEncoding(c.req.header('Accept-Encoding'));
  const length = Buffer.byteLength(text);
  // With its length, the middleware above leaves a small answer alone without asking for its body.
  if (!encoding || length < THRESHOLD) return c.body(text, 200, { ...headers, 'Content-Length': String(length) });
  let compressed = sameAs && compressedOnce[encoding].get(sameAs);
  if (!compressed) {
    compressed = compressSync(Buffer.from(text), encoding);
    if (sameAs) compressedOnce[encoding].set(sameAs, compressed);
  }
  return c.body(compressed, 200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(compressed.byteLength) });
}

/**
 * The encoding to answer in, from Accept-Encoding: brotli or gzip, whichever the client weighs
 * higher (named, or through "*"), brotli on a tie; null when it accepts neither.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q[name.trim()] = weight ? Number(weight.slice(2)) || 0 : 1;
  }
  const br = q.br ?? q['*'] ?? 0;
  const gzip = q.gzip ?? q['*'] ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** A whole body compressed in one call: at a lower brotli quality while the event loop is the bottleneck, the lowest while it is saturated. */
function compressSync(data: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'gzip') return gzipSync(data, { level: GZIP_LEVEL });
  return brotliCompressSync(data, {
    params: { ...BROTLI_PARAMS_BY_LEVEL[eventLoopLoad.level()], [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength, [constants.BROTLI_PARAM_LGWIN]: windowBits(data.byteLength) },
  });
}

/**
 * The brotli window for a body of this size: big enough to reach back over all of it, so the
 * output is as small, and no bigger. The default makes each call allocate a 4 MB window: on the
 * event loop malloc hands the same block back each time, but compressing in the thread pool
 * (tried, for pages) spent a third of brotli's CPU in the kernel mapping and faulting it in.
 */
export function windowBits(bytes: number): number {
  return Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(bytes))));
}

/**
 * A streamed body, compressed. The renderer writes a page in many small pieces within one turn
 * of the event loop, then waits (for data, or for the next part of a streamed page): the
 * compressor is flushed once it has been handed everything written in a turn, so each part
 * leaves as soon as it exists without a flush per piece (each costs bytes).
 */
function compressStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const compressor: BrotliCompress | Gzip = encoding === 'br' ? createBrotliCompress({ params: BROTLI_PARAMS }) : createGzip({ level: GZIP_LEVEL });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  const source = Readable.fromWeb(body as NodeWebStream<Uint8Array>);
  let flushQueued = false;
  source.on('data', () => {
    if (flushQueued) return;
    flushQueued = true;
    setImmediate(() => {
      flushQueued = false;
      if (!compressor.writableEnded && !compressor.destroyed) compressor.flush(flushKind);
    });
  });
  // A failed render (or a client that went away) ends the compressed stream with the error.
  pipeline(source, compressor, () => {});
  return Readable.toWeb(compressor) as unknown as ReadableStream<Uint8Array>;
}
