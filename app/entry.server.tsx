import { renderToString } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * React Router hands a page's loader data to the browser as a turbo-stream that `<ServerRouter>`
 * reads while React renders: one `<Suspense>` boundary per chunk, each suspending until
 * `reader.read()` settles (`StreamTransfer`, keyed by `context.renderMeta.streamCache`).
 *
 * No page defers anything behind a boundary, so the stream ends as soon as the loaders have
 * returned. It is read to its end here first, and renderDocument fills the cache with the answer
 * as one settled chunk: rendering then never suspends, and the page can be written by React's
 * synchronous `renderToString`. That writes the same HTML as the streaming renderer at about a
 * fifth of its CPU (it concatenates strings; the streaming one encodes each of a page's some
 * 3,000 small pieces into 2 kB buffers and schedules its work through setImmediate), and CPU on
 * the event loop is what makes pages queue at 16 clients (docs/search-performance.md).
 *
 * `streamCache` is React Router's internal (pinned to one version in package.json):
 * tests/integration/html-valid.test.ts fails if the page's data is no longer handed over.
 */
async function readLoaderDataStream(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream) return null;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  return text;
}

/**
 * The whole document of a page whose loader data has been read (`handoff`, null when the page
 * hands none over): run here, or in a render thread (server/render/page-render-thread.ts) on a
 * context rebuilt from the same build.
 */
export function renderDocument(context: EntryContext, handoff: string | null, url: string, nonce: string): string {
  if (handoff !== null) {
    const chunk = Object.assign(Promise.resolve(), { result: { done: true, value: handoff } });
    const meta = (context.renderMeta ??= {}) as { streamCache?: Record<number, unknown> };
    meta.streamCache = { 0: chunk };
  }
  return (
    '<!DOCTYPE html>' +
    renderToString(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={context} url={url} nonce={nonce} />
      </NonceContext.Provider>,
    )
  );
}

/**
 * Renders a page whole and answers it as one body with a Content-Length, compressed in one call
 * (server/http/compression.ts). Loaders hand over all their data before rendering starts, so the
 * whole document is the first thing that could be sent: streaming would send nothing sooner.
 *
 * A server with render threads (server/render/page-renderer.ts) writes the page there, off the
 * event loop that runs every request's loaders; it answers null when it cannot take this one.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const handoff = await readLoaderDataStream(routerContext);
  const rendered = await loadContext.renderPage?.({ request, status: responseStatusCode, headers: responseHeaders, context: routerContext, handoff, nonce });
  if (rendered) return rendered;
  const body = Buffer.from(renderDocument(routerContext, handoff, request.url, nonce));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Length', String(body.byteLength));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
