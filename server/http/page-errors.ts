import { data, type ServerBuild } from 'react-router';
import { faultedSince, faultMark } from '../db/faults.ts';
import { appErrorForDatabaseFault, unavailable } from './db-errors.ts';
import type { AppError } from './errors.ts';

type DataFunction = (args: unknown) => unknown;

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 503: 'Service Unavailable' };

/** A loader's answer of 500 or more: a thrown or returned Response, or data(…, { status }). */
function isServerError(result: unknown): boolean {
  if (result instanceof Response) return result.status >= 500;
  const status = (result as { init?: { status?: unknown } | null } | null)?.init?.status;
  return typeof status === 'number' && status >= 500;
}

function asPageError(appError: AppError) {
  return data(appError.message, { status: appError.status, statusText: STATUS_TEXT[appError.status], headers: appError.headers });
}

/**
 * The pages' half of the central error mapping: a loader or action that hits a database fault
 * throws the same 503 (with Retry-After) or 400 the API answers with, as a route error
 * response, so the error page says what happened instead of a generic 500. Loaders that catch
 * the error themselves and answer 500 are recognised by the fault count of their database
 * handle (server/db/faults.ts) and answered the same way.
 */
function mapped(fn: DataFunction): DataFunction {
  return async (args) => {
    const db = (args as { context?: { db?: object } } | null)?.context?.db;
    const mark = db ? faultMark(db) : 0;
    let result: unknown;
    try {
      result = await fn(args);
    } catch (error) {
      const appError = appErrorForDatabaseFault(error) ?? (db && isServerError(error) && faultedSince(db, mark) ? unavailable() : undefined);
      throw appError ? asPageError(appError) : error;
    }
    if (db && isServerError(result) && faultedSince(db, mark)) throw asPageError(unavailable());
    return result;
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
