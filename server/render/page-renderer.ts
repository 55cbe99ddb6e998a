import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { EntryContext } from 'react-router';
import { chooseEncoding } from '../http/compression.ts';
import { eventLoopLoad } from '../http/event-loop-load.ts';
import { renderJob, type RenderAnswer } from './render-job.ts';

export type PageToRender = { request: Request; status: number; headers: Headers; context: EntryContext; handoff: string | null; nonce: string };
/** Writes a page off the event loop; null when it cannot take this one (the caller then renders it itself). */
export type RenderPage = (page: PageToRender) => Promise<Response | null>;
export type PageRenderer = {
  render: RenderPage;
  /** Settles once every thread has loaded the build or failed to (pages render on the event loop until then). */
  ready: Promise<void>;
  close(): Promise<void>;
};

type Thread = { worker: Worker; ready: boolean; started: Promise<void>; pending: Map<number, (answer: RenderAnswer | null) => void> };

/**
 * Render threads: pages are written and compressed in worker threads (page-render-thread.ts)
 * while the event loop runs every request's middleware, loaders and API answers.
 *
 * Writing a results page costs the event loop about twice what the search behind it does, and at
 * 16 clients the event loop is the queue (docs/search-performance.md): every page's HTML made
 * every request behind it wait, API answers and health checks included. In a thread it uses the
 * machine's other core instead. A job crosses as structured-clone data of a few kilobytes, and
 * the compressed page comes back as a transferred buffer.
 *
 * A page the threads cannot take (none ready yet, one that died with it, data that does not
 * clone) is rendered on the event loop as before, so a thread's failure costs speed, not pages.
 * A thread that dies is replaced; one that dies before it is ready (a build it cannot load) is not.
 */
export function startPageRenderer({ buildUrl, threads: count, logger }: { buildUrl: string; threads: number; logger: Logger }): PageRenderer {
  const threads: Array<Thread | undefined> = [];
  let nextId = 1;
  let closed = false;

  const start = (slot: number): Thread => {
    const worker = new Worker(new URL('./page-render-thread.mjs', import.meta.url), { workerData: { buildUrl } });
    worker.unref();
    let started!: () => void;
    const thread: Thread = { worker, ready: false, started: new Promise((resolve) => (started = resolve)), pending: new Map() };
    worker.on('message', (message: RenderAnswer | { ready: true }) => {
      if ('ready' in message) {
        thread.ready = true;
        started();
        return;
      }
      const settle = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      settle?.(message);
    });
    worker.on('error', (err) => logger.error({ err }, 'render thread failed'));
    worker.on('exit', (code) => {
      started();
      for (const settle of thread.pending.values()) settle(null);
      thread.pending.clear();
      if (closed) return;
      if (!thread.ready) {
        logger.error({ code }, 'render thread could not start; pages are rendered on the event loop');
        threads[slot] = undefined;
        return;
      }
      logger.error({ code }, 'render thread exited; starting another');
      threads[slot] = start(slot);
    });
    return thread;
  };
  for (let slot = 0; slot < count; slot++) threads[slot] = start(slot);

  /** The ready thread with the fewest pages in hand. */
  const pick = (): Thread | undefined => {
    let best: Thread | undefined;
    for (const t of threads) if (t?.ready && (!best || t.pending.size < best.pending.size)) best = t;
    return best;
  };

  return {
    async render(page) {
      const thread = pick();
      if (!thread) return null;
      const id = nextId++;
      const encoding = page.request.method === 'HEAD' ? null : chooseEncoding(page.request.headers.get('Accept-Encoding') ?? undefined);
      const answered = new Promise<RenderAnswer | null>((resolve) => thread.pending.set(id, resolve));
      try {
        thread.worker.postMessage(renderJob(id, page.context, { url: page.request.url, nonce: page.nonce, handoff: page.handoff, encoding, underLoad: eventLoopLoad.busy() }));
      } catch (err) {
        thread.pending.delete(id);
        logger.warn({ err, url: page.request.url }, 'page data does not cross to a render thread; rendered on the event loop');
        return null;
      }
      const answer = await answered;
      if (!answer) return null;
      if ('refused' in answer) {
        logger.error({ reason: answer.refused }, 'render thread refused a page; rendered on the event loop');
        return null;
      }
      if ('error' in answer) {
        page.context.staticHandlerContext._deepestRenderedBoundaryId = answer.boundaryId;
        throw answer.error;
      }
      const headers = page.headers;
      headers.set('Content-Type', 'text/html; charset=utf-8');
      headers.set('Content-Length', String(answer.body.byteLength));
      if (answer.encoding) {
        // The compression middleware leaves an encoded answer alone, so it says here what it would have.
        headers.set('Content-Encoding', answer.encoding);
        headers.append('Vary', 'Accept-Encoding');
      }
      return new Response(answer.body, { status: page.status, headers });
    },
    ready: Promise.all(threads.map((t) => t?.started)).then(() => undefined),
    async close() {
      closed = true;
      await Promise.all(threads.map((t) => t?.worker.terminate()));
    },
  };
}
