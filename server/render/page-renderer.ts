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

type Thread = {
  worker: Worker;
  ready: boolean;
  /** Given up on (a page it never finished): takes no more pages, and is replaced once it has ended. */
  retired: boolean;
  started: Promise<void>;
  pending: Map<number, (answer: RenderAnswer | null) => void>;
};

/**
 * A page is a few milliseconds of a thread's work, and seconds even behind a long queue: one not
 * written in this long never will be (a component caught in a loop). Its request gets an error
 * page, and the thread, which cannot be interrupted otherwise, is ended and replaced.
 */
export const RENDER_TIMEOUT_MS = 10_000;

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
export function startPageRenderer(options: { buildUrl: string; threads: number; logger: Logger; timeoutMs?: number }): PageRenderer {
  const { buildUrl, threads: count, logger, timeoutMs = RENDER_TIMEOUT_MS } = options;
  const threads: Array<Thread | undefined> = [];
  let nextId = 1;
  let closed = false;

  const start = (slot: number): Thread => {
    const worker = new Worker(new URL('./page-render-thread.mjs', import.meta.url), { workerData: { buildUrl } });
    worker.unref();
    let started!: () => void;
    const thread: Thread = { worker, ready: false, retired: false, started: new Promise((resolve) => (started = resolve)), pending: new Map() };
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
    for (const t of threads) if (t?.ready && !t.retired && (!best || t.pending.size < best.pending.size)) best = t;
    return best;
  };

  /**
   * The page fails with an error (React Router then renders its error page, under this same
   * limit). A thread writes its pages in turn, so the first page of a thread to run out of time is
   * the one it is stuck on: the others it holds are given back to the event loop at once, and the
   * thread is ended and replaced (its exit handler).
   */
  const giveUp = (thread: Thread, id: number, url: string) => {
    const settle = thread.pending.get(id);
    if (!settle) return;
    thread.retired = true;
    thread.pending.delete(id);
    for (const giveBack of thread.pending.values()) giveBack(null);
    thread.pending.clear();
    logger.error({ url, ms: timeoutMs }, 'page not written in time; its render thread is replaced');
    settle({ id, error: new Error(`The page was not written within ${timeoutMs} ms.`), boundaryId: undefined });
    void thread.worker.terminate();
  };

  return {
    async render(page) {
      const thread = pick();
      if (!thread) return null;
      const id = nextId++;
      const encoding = page.request.method === 'HEAD' ? null : chooseEncoding(page.request.headers.get('Accept-Encoding') ?? undefined);
      const answered = new Promise<RenderAnswer | null>((resolve) => thread.pending.set(id, resolve));
      try {
        thread.worker.postMessage(renderJob(id, page.context, { nonce: page.nonce, handoff: page.handoff, encoding, underLoad: eventLoopLoad.busy() }));
      } catch (err) {
        thread.pending.delete(id);
        logger.warn({ err, url: page.request.url }, 'page data does not cross to a render thread; rendered on the event loop');
        return null;
      }
      const timer = setTimeout(() => giveUp(thread, id, page.request.url), timeoutMs);
      const answer = await answered;
      clearTimeout(timer);
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
