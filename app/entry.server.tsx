import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * React Router's standard server entry (React Router's public `<ServerRouter>` and React's
 * `renderToPipeableStream`), except that every page is answered whole, as one body with a
 * Content-Length, once React has written all of it (`onAllReady`, what the standard entry does for
 * bots).
 *
 * No loader defers anything, so the loaders have handed over all their data before rendering
 * starts and the whole document is the first thing that could be sent: streaming it would send
 * nothing sooner. Whole, the page is compressed in one call and leaves in one write
 * (server/http/compression.ts) instead of through the streaming compressor, flushed each turn.
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
        clearTimeout(timer);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set('Content-Length', String(length));
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
          // Before the shell, React Router gets the error itself (the rejected promise) and renders the error page.
          if (shellRendered) loadContext.logger.error({ err: error, url: request.url }, 'page render failed');
        },
      },
    );
  });
}
