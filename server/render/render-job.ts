import type { EntryContext } from 'react-router';
import type { Encoding } from '../http/compression.ts';

/**
 * What a render thread needs to write one page, as structured-clone data: React Router's entry
 * context without its functions, route objects and streams (the thread rebuilds those from its
 * own copy of the same build), and the page's loader data already read from its stream.
 */
export type RenderJob = {
  id: number;
  nonce: string;
  /** The turbo-stream text of the loader data (app/entry.server.tsx), null when none is handed over. */
  handoff: string | null;
  /** The build the main thread ran the loaders with; a thread with another one refuses the job. */
  buildVersion: string;
  /** How to compress the page for this client, or null for not at all. */
  encoding: Encoding | null;
  /** The main thread's event loop is the bottleneck: compress at the quality for that (server/http/compression.ts). */
  underLoad: boolean;
  context: SentContext;
};

type SentContext = Pick<EntryContext, 'criticalCss' | 'serverHandoffString' | 'future' | 'ssr' | 'isSpaMode' | 'routeDiscovery'> & {
  staticHandlerContext: Omit<EntryContext['staticHandlerContext'], 'matches' | 'loaderHeaders' | 'actionHeaders'> & {
    matches: Array<{ params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } }>;
  };
};

export type RenderAnswer =
  | { id: number; body: Uint8Array<ArrayBuffer>; encoding: Encoding | null }
  /**
   * A render that threw. `boundaryId` is the deepest error boundary the render reached, which
   * React Router reads when it renders the page again with the error (as it would in process).
   */
  | { id: number; error: Error; boundaryId: string | null | undefined }
  | { id: number; refused: string };

/**
 * The job for one page. A match's route object holds the loaders and components: only its id
 * crosses, and the thread's router finds its own route by that id (as `createStaticRouter` does).
 * Headers objects do not clone, and rendering does not read them.
 */
export function renderJob(id: number, context: EntryContext, page: { nonce: string; handoff: string | null; encoding: Encoding | null; underLoad: boolean }): RenderJob {
  const { loaderHeaders: _l, actionHeaders: _a, matches, ...handlerContext } = context.staticHandlerContext;
  return {
    id,
    ...page,
    buildVersion: context.manifest.version,
    context: {
      criticalCss: context.criticalCss,
      serverHandoffString: context.serverHandoffString,
      future: context.future,
      ssr: context.ssr,
      isSpaMode: context.isSpaMode,
      routeDiscovery: context.routeDiscovery,
      staticHandlerContext: {
        ...handlerContext,
        matches: matches.map((m) => ({ params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: { id: m.route.id } })),
      },
    },
  };
}
