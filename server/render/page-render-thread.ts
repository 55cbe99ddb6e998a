/**
 * A render thread (started by server/render/page-renderer.ts): loads the same server build as
 * the main thread, and for each job rebuilds React Router's entry context from it, writes the
 * page with the same function the main thread would (`renderDocument` in app/entry.server.tsx),
 * and compresses it.
 */
import { parentPort, workerData, type Transferable } from 'node:worker_threads';
import { createStaticHandler, type EntryContext, type RouteObject, type ServerBuild } from 'react-router';
import { compressSync, THRESHOLD } from '../http/compression.ts';
import type { RenderAnswer, RenderJob } from './render-job.ts';

type RenderDocument = (context: EntryContext, handoff: string | null, nonce: string) => string;

const port = parentPort;
if (!port) throw new Error('page-render-thread runs as a worker thread');

const build = (await import((workerData as { buildUrl: string }).buildUrl)) as ServerBuild;
const renderDocument = (build.entry.module as unknown as { renderDocument?: RenderDocument }).renderDocument;
if (!renderDocument) throw new Error('the server build has no renderDocument export (app/entry.server.tsx)');
const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route!.module])) as EntryContext['routeModules'];
const branches = routeBranches(build);

port.on('message', (job: RenderJob) => port.postMessage(...answer(job)));
port.postMessage({ ready: true });

function answer(job: RenderJob): [RenderAnswer, Transferable[]?] {
  if (job.buildVersion !== build.assets.version) return [{ id: job.id, refused: `build ${build.assets.version}, not ${job.buildVersion}` }];
  const context = {
    ...job.context,
    manifest: build.assets,
    routeModules,
    branches,
    renderMeta: {},
  } as unknown as EntryContext;
  try {
    const html = Buffer.from(renderDocument!(context, job.handoff, job.nonce));
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

/**
 * The route tree's branches, flattened and ranked once for the build, as React Router's request
 * handler does on the main thread (its entry context's `branches`). Without them, every page's
 * `<Scripts>` flattened and ranked the whole route tree again to find the routes it hands to the
 * browser (`getPartialManifest`): about a fifth of a render thread's work on a results page. Only
 * the routes' ids and paths are read from them. `_internalRouteBranches` is an internal of the
 * pinned React Router version: the thread refuses to start without it, rather than slow down.
 */
function routeBranches(serverBuild: ServerBuild): unknown[] {
  const byParent = new Map<string, ServerBuild['routes'][string][]>();
  for (const route of Object.values(serverBuild.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId ?? '') ?? [];
    siblings.push(route);
    byParent.set(route.parentId ?? '', siblings);
  }
  const tree = (parentId: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route!.index ? { id: route!.id, index: true } : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: tree(route!.id) },
    );
  const handler = createStaticHandler(tree(''), { basename: serverBuild.basename });
  const computed = (handler as unknown as { _internalRouteBranches?: unknown })._internalRouteBranches;
  if (!Array.isArray(computed)) throw new Error('React Router no longer exposes its static handler\'s route branches: see routeBranches in server/render/page-render-thread.ts');
  return computed;
}
