import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * Renders a page whole and answers it as one body with a Content-Length.
 *
 * Loaders hand over all their data before rendering starts (no page defers anything behind a
 * Suspense boundary), so the shell is the whole document and streaming it could not send
 * anything sooner. What streaming did cost was CPU: React writes a page in some sixty 2 kB
 * pieces, and each went through a Node stream, a web stream and the streaming compressor (a
 * thread-pool round trip each): about 1.6 ms of a results page's 13 ms, at 16 clients what
 * made pages queue. Whole, the page is compressed in one call (server/http/compression.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Once the page is written (or failed) nothing is left to abort: the timer goes with it.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Uint8Array[] = [];
    let length = 0;
    const page = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        length += chunk.byteLength;
        callback();
      },
      final(callback) {
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set('Content-Length', String(length));
        clearTimeout(timer);
        resolve(new Response(Buffer.concat(chunks, length), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router reports the error itself (the rejected promise).
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
