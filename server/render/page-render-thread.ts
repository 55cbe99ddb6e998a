/**
 * A render thread (started by server/render/page-renderer.ts): loads the same server build as
 * the main thread, and for each job rebuilds React Router's entry context from it, writes the
 * page with the same function the main thread would (`renderDocument` in app/entry.server.tsx),
 * and compresses it.
 */
import { parentPort, workerData, type Transferable } from 'node:worker_threads';
import type { EntryContext, ServerBuild } from 'react-router';
import { compressSync, THRESHOLD } from '../http/compression.ts';
import type { RenderAnswer, RenderJob } from './render-job.ts';

type RenderDocument = (context: EntryContext, handoff: string | null, url: string, nonce: string) => string;

const port = parentPort;
if (!port) throw new Error('page-render-thread runs as a worker thread');

const build = (await import((workerData as { buildUrl: string }).buildUrl)) as ServerBuild;
const renderDocument = (build.entry.module as unknown as { renderDocument?: RenderDocument }).renderDocument;
if (!renderDocument) throw new Error('the server build has no renderDocument export (app/entry.server.tsx)');
const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route!.module])) as EntryContext['routeModules'];

port.on('message', (job: RenderJob) => port.postMessage(...answer(job)));
port.postMessage({ ready: true });

function answer(job: RenderJob): [RenderAnswer, Transferable[]?] {
  if (job.buildVersion !== build.assets.version) return [{ id: job.id, refused: `build ${build.assets.version}, not ${job.buildVersion}` }];
  const context = {
    ...job.context,
    manifest: build.assets,
    routeModules,
    // ServerRouter takes a reader from it; the data itself comes from the settled `handoff`.
    serverHandoffStream: job.handoff === null ? undefined : new ReadableStream({ start: (c) => c.close() }),
    renderMeta: {},
  } as unknown as EntryContext;
  try {
    const html = Buffer.from(renderDocument!(context, job.handoff, job.url, job.nonce));
    const compress = job.encoding !== null && html.byteLength >= THRESHOLD;
    const body = ownBuffer(compress ? compressSync(html, job.encoding!, job.underLoad) : html);
    return [{ id: job.id, body, encoding: compress ? job.encoding : null }, [body.buffer]];
  } catch (error) {
    return [{ id: job.id, error: error instanceof Error ? error : new Error(String(error)), boundaryId: context.staticHandlerContext._deepestRenderedBoundaryId }];
  }
}

/** Small buffers share Node's pool; only a buffer with an ArrayBuffer of its own can be handed over without a copy. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}
