import { data, type ServerBuild } from 'react-router';
import { appErrorForDatabaseFault } from './db-errors.ts';

type DataFunction = (args: unknown) => unknown;

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 503: 'Service Unavailable' };

/**
 * The pages' half of the central error mapping: a loader or action that hits a database fault
 * throws the same 503 (with Retry-After) or 400 the API answers with, as a route error
 * response, so the error page says what happened instead of a generic 500.
 */
function mapped(fn: DataFunction): DataFunction {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      const appError = appErrorForDatabaseFault(error);
      if (!appError) throw error;
      throw data(appError.message, { status: appError.status, statusText: STATUS_TEXT[appError.status], headers: appError.headers });
    }
  };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every route's loader and action mapping database faults (once per build). */
export function withDatabaseFaultPages(build: ServerBuild): ServerBuild {
  let result = wrapped.get(build);
  if (!result) {
    const routes = Object.fromEntries(
      Object.entries(build.routes).map(([id, route]) => {
        if (!route) return [id, route];
        const module = route.module as unknown as Record<string, unknown>;
        const withMapping = { ...module };
        if (module.loader) withMapping.loader = mapped(module.loader as DataFunction);
        if (module.action) withMapping.action = mapped(module.action as DataFunction);
        return [id, { ...route, module: withMapping as unknown as typeof route.module }];
      }),
    );
    result = { ...build, routes };
    wrapped.set(build, result);
  }
  return result;
}

/** A page answered 503 carries Retry-After even when the route's headers did not pass it on. */
export function withRetryAfter(response: Response, seconds: number): Response {
  if (response.status !== 503 || response.headers.has('Retry-After')) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(seconds));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
