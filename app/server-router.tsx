import { Suspense, createElement, type ComponentType, type ReactElement } from 'react';
import {
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  createStaticRouter,
  type EntryContext,
  type RouteObject,
} from 'react-router';

type StaticRouter = ReturnType<typeof createStaticRouter>;
type ManifestRoute = NonNullable<EntryContext['manifest']['routes'][string]>;
type RouteModule = NonNullable<EntryContext['routeModules'][string]>;
/** What React Router's static router makes of the route tree: the same for every page of a build. */
type BuildRoutes = { routes: StaticRouter['routes']; manifest: StaticRouter['manifest']; modules: EntryContext['routeModules'] };

/**
 * Keyed by the build's assets manifest, the one object of the context that is the same for every
 * page of a build (React Router makes the context's `routeModules` again for each request, from
 * the same modules), and kept while the route modules are the same ones (a rebuild may keep the
 * manifest and change a module: the dev server's, or tests/integration/page-handler.test.ts's).
 */
const routesOfBuild = new WeakMap<EntryContext['manifest'], BuildRoutes>();

export type PageRouterProps = { context: EntryContext; nonce: string; handoff: string | null };

/**
 * React Router's `<ServerRouter>`, with the route tree built once per build instead of once per
 * page. Its own builds every route object of the app again for each page it renders
 * (`createServerRoutes`, then `createStaticRouter` converting them to data routes): 42 routes,
 * about a fifth of the CPU of writing a results page's HTML, for objects that depend only on the
 * build. Everything that depends on the page (its matches, data, errors and location) is
 * taken from the page's context as React Router's does, and the page's loader data is handed to
 * the browser by the same two scripts.
 *
 * It leans on what React Router 7.18 (pinned in package.json) does inside its `ServerRouter`,
 * `createServerRoutes` and `createStaticRouter`: tests/integration/server-router.test.ts renders
 * pages with both and fails when their HTML differs.
 */
export function PageRouter({ context, nonce, handoff }: PageRouterProps): ReactElement {
  const { manifest, routeModules, criticalCss, serverHandoffString } = context;
  const handlerContext = context.staticHandlerContext;
  handlerContext.loaderData = { ...handlerContext.loaderData };
  for (const match of handlerContext.matches) {
    const routeId = match.route.id;
    const module = routeModules[routeId];
    const manifestRoute = manifest.routes[routeId];
    // A route whose data the browser loads itself while hydrating renders its fallback here.
    if (
      module &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, module.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (module.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete handlerContext.loaderData[routeId];
    }
  }
  const router = pageRouter(context, buildRoutes(context));
  const framework = {
    manifest,
    routeModules,
    criticalCss,
    serverHandoffString,
    future: context.future,
    ssr: context.ssr,
    isSpaMode: context.isSpaMode,
    routeDiscovery: context.routeDiscovery,
    nonce,
    serializeError: context.serializeError,
    renderMeta: context.renderMeta,
  };
  return (
    <>
      <FrameworkContext.Provider value={framework}>
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={handlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {handoff === null ? null : (
        <Suspense>
          <HandOff context={context} handoff={handoff} nonce={nonce} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The page's loader data, read whole before rendering (app/entry.server.tsx), handed to the
 * browser's router as React Router's `StreamTransfer` does for a stream that has ended: one
 * chunk, then the end. Like it, only once `<Scripts>` has written the code that receives them.
 */
function HandOff({ context, handoff, nonce }: { context: EntryContext; handoff: string; nonce: string }) {
  if (!context.renderMeta?.didRenderScripts) return null;
  const enqueue = `window.__reactRouterContext.streamController.enqueue(${escapeScript(JSON.stringify(handoff))});`;
  return (
    <>
      {handoff ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: enqueue }} /> : null}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'window.__reactRouterContext.streamController.close();' }} />
    </>
  );
}

const SCRIPT_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
/** A JSON literal that cannot end its `<script>` (React Router's `escapeHtml`). */
function escapeScript(json: string): string {
  return json.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

/**
 * React Router's static router for one page, over the build's data routes: its own router for
 * the page's context made over no routes (which costs nothing to convert), with the build's routes,
 * and the page's matches pointing at them, as `createStaticRouter` would have given.
 */
function pageRouter(context: EntryContext, built: BuildRoutes): StaticRouter {
  const handlerContext = context.staticHandlerContext;
  const base = createStaticRouter([], handlerContext, { branches: context.branches } as Parameters<typeof createStaticRouter>[2]);
  const matches = handlerContext.matches.map((match) => ({ ...match, route: built.manifest[match.route.id] ?? match.route }));
  return Object.create(base, {
    routes: { get: () => built.routes },
    manifest: { get: () => built.manifest },
    state: { get: () => ({ ...base.state, matches }) },
  }) as StaticRouter;
}

function buildRoutes(context: EntryContext): BuildRoutes {
  let built = routesOfBuild.get(context.manifest);
  if (!built || !sameModules(built.modules, context.routeModules)) {
    const router = createStaticRouter(serverRoutes(context), { ...context.staticHandlerContext, matches: [] });
    built = { routes: router.routes, manifest: router.manifest, modules: context.routeModules };
    routesOfBuild.set(context.manifest, built);
  }
  return built;
}

function sameModules(a: EntryContext['routeModules'], b: EntryContext['routeModules']): boolean {
  if (a === b) return true;
  const ids = Object.keys(b);
  return ids.length === Object.keys(a).length && ids.every((id) => a[id] === b[id]);
}

/** The route tree as React Router's `createServerRoutes` builds it for a server render. */
function serverRoutes(context: EntryContext): RouteObject[] {
  const byParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(context.manifest.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId ?? '') ?? [];
    siblings.push(route);
    byParent.set(route.parentId ?? '', siblings);
  }
  const tree = (parentId: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const module = context.routeModules[route.id];
      if (!module) throw new Error(`No route module for route ${route.id}`);
      const children = tree(route.id);
      return {
        ...routeComponents(route, module),
        caseSensitive: route.caseSensitive,
        id: route.id,
        index: route.index,
        path: route.path,
        handle: module.handle,
        // Never called in a server render: it tells the renderer which routes have data.
        loader: route.hasLoader || route.hasClientLoader ? () => null : undefined,
        ...(children.length > 0 ? { children } : {}),
      } as RouteObject;
    });
  if (context.isSpaMode) throw new Error('PageRouter renders server-rendered pages, not SPA mode');
  return tree('');
}

/**
 * A route's components (`getRouteComponents`): the root's are wrapped in its Layout. React Router
 * gives a root without a HydrateFallback a default one; none is needed here, since no route of
 * this app loads its data in the browser while hydrating (the fallback would never render).
 */
function routeComponents(route: ManifestRoute, module: RouteModule) {
  const Component =
    module.default && !(typeof module.default === 'object' && Object.keys(module.default).length === 0)
      ? (module.default as ComponentType)
      : undefined;
  const ErrorBoundary = module.ErrorBoundary as ComponentType | undefined;
  const HydrateFallback = module.HydrateFallback as ComponentType | undefined;
  const Layout = module.Layout as ComponentType<{ children: ReactElement }> | undefined;
  if (route.id !== 'root' || !Layout) return { Component, ErrorBoundary, HydrateFallback };
  return {
    ...(Component ? { element: createElement(Layout, null, createElement(Component)) } : { Component }),
    ...(ErrorBoundary ? { errorElement: createElement(Layout, null, createElement(ErrorBoundary)) } : { ErrorBoundary }),
    ...(HydrateFallback ? { hydrateFallbackElement: createElement(Layout, null, createElement(HydrateFallback)) } : { HydrateFallback }),
  };
}
