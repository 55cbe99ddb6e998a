import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce';
import { PageRouter, type PageRouterProps } from './server-router';

export const streamTimeout = 5_000;

/**
 * React Router hands a page's loader data to the browser as a turbo-stream, which its
 * `<ServerRouter>` reads while React renders: one `<Suspense>` boundary per chunk, each
 * suspending until `reader.read()` settles.
 *
 * No page defers anything behind a boundary, so the stream ends as soon as the loaders have
 * returned. It is read to its end here first, and the page is rendered with it in hand
 * (app/server-router.tsx): rendering then never suspends, and the page can be written by React's
 * synchronous `renderToString`. That writes the same HTML as the streaming renderer at about a
 * fifth of its CPU (it concatenates strings; the streaming one encodes each of a page's some
 * 3,000 small pieces into 2 kB buffers and schedules its work through setImmediate), and CPU on
 * the event loop is what makes pages queue at 16 clients (docs/search-performance.md).
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
 * context rebuilt from the same build. `Router` is there for tests/integration/server-router.test.ts,
 * which writes pages with React Router's own `<ServerRouter>` to compare.
 */
export function renderDocument(context: EntryContext, handoff: string | null, nonce: string, Router: ComponentType<PageRouterProps> = PageRouter): string {
  context.renderMeta ??= {};
  return (
    '<!DOCTYPE html>' +
    renderToString(
      <NonceContext.Provider value={nonce}>
        <Router context={context} nonce={nonce} handoff={handoff} />
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
  const body = Buffer.from(renderDocument(routerContext, handoff, nonce));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Length', String(body.byteLength));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
