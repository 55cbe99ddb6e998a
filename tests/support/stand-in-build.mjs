// A stand-in for the web app's server build, for tests/integration/page-renderer.test.ts: the
// shape a render thread loads (entry.module.renderDocument, routes, assets.version), with pages
// that echo what crossed to the thread, fail, end the thread or never end, by their address.
import process from 'node:process';
import { threadId } from 'node:worker_threads';

export const assets = { version: 'stand-in-1', routes: {} };
export const routes = { root: { id: 'root', module: {} } };
export const entry = {
  module: {
    renderDocument(context, handoff, nonce) {
      const path = context.staticHandlerContext.location.pathname;
      if (path === '/fails') {
        context.staticHandlerContext._deepestRenderedBoundaryId = 'root';
        throw new TypeError('the page could not be written');
      }
      if (path === '/ends-thread') process.exit(3);
      // A component caught in a loop: the page is never written.
      if (path === '/never-ends') for (;;);
      const crossed = {
        handoff,
        nonce,
        loaderData: context.staticHandlerContext.loaderData,
        matches: context.staticHandlerContext.matches,
        manifest: context.manifest === assets,
        routeModules: Object.keys(context.routeModules),
        thread: threadId,
      };
      return `<!DOCTYPE html><script type="application/json">${JSON.stringify(crossed)}</script>` + '<p>padding</p>'.repeat(200);
    },
  },
};
