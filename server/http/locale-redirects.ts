import type { ServerBuild } from 'react-router';

type DataFunction = (args: unknown) => unknown;

/**
 * A redirect a Swahili page's loader or action writes from its own address (`url.pathname`, the
 * login guard's `redirectTo`, a `back` the browser sent) already holds the basename, and React
 * Router adds the basename to every redirect's path once more (/sw/sw/listings). Such a path loses
 * its prefix here, before React Router adds it back: a route of the Swahili build is never itself
 * under /sw, so a Location under the basename can only be one written twice. The English build
 * is not wrapped (docs/decisions/swahili-i18n.md, plan step 3).
 */
export function withoutBasenameInRedirects(build: ServerBuild): ServerBuild {
  const basename = build.basename?.replace(/\/$/, '');
  if (!basename) return build;
  let result = wrapped.get(build);
  if (!result) {
    const fix = (value: unknown) => (value instanceof Response ? stripped(value, basename) : value);
    const routes = Object.fromEntries(
      Object.entries(build.routes).map(([id, route]) => {
        if (!route) return [id, route];
        const module = route.module as unknown as Record<string, unknown>;
        const next = { ...module };
        for (const name of ['loader', 'action'] as const) {
          const fn = module[name] as DataFunction | undefined;
          if (!fn) continue;
          next[name] = async (args: unknown) => {
            try {
              return fix(await fn(args));
            } catch (error) {
              throw fix(error);
            }
          };
        }
        return [id, { ...route, module: next as unknown as typeof route.module }];
      }),
    );
    result = { ...build, routes };
    wrapped.set(build, result);
  }
  return result;
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The path under `basename` without it ('/sw/x?y' → '/x?y', '/sw' → '/'), or null when it is not under it. */
function pathWithoutBasename(location: string, basename: string): string | null {
  if (!location.startsWith(basename)) return null;
  const rest = location.slice(basename.length);
  if (rest === '') return '/';
  if (rest.startsWith('/')) return rest;
  return rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : null;
}

function stripped(response: Response, basename: string): Response {
  if (response.status < 300 || response.status >= 400) return response;
  const location = response.headers.get('Location');
  const path = location === null ? null : pathWithoutBasename(location, basename);
  if (path === null) return response;
  try {
    response.headers.set('Location', path);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set('Location', path);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
