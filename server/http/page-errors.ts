import { data, type HeadersFunction, type ServerBuild } from 'react-router';
import { isAppError, type AppError } from './errors.ts';
import { expectedError } from './error-translation.ts';
import { faultedSince, faultMark } from '../db/faults.ts';
import { appErrorForDatabaseFault, unavailable } from './db-errors.ts';
import { asLocale } from '../i18n.ts';
import type { Locale } from '#kernel/i18n/locales.ts';

/**
 * Page actions answer expected failures the way the API does (server/http/errors.ts decides
 * what is expected): the same status and headers (Retry-After), with a body the page shows.
 * Anything else is rethrown, so the error page and the logs see it.
 */
export function failureData<T>(error: unknown, body: (failure: AppError) => T) {
  const failure = expectedError(error);
  if (!failure || failure.status >= 500) throw error;
  return data(body(failure), { status: failure.status, headers: failure.headers });
}

/** Runs an action step; an expected failure becomes action data built by `failure` from its message. */
export async function attempt<T, E extends object>(step: () => Promise<T>, failure: (message: string, status: number) => E) {
  try {
    return { ok: true as const, value: await step() };
  } catch (error) {
    return { ok: false as const, response: failureData(error, (f) => failure(f.message, f.status)) };
  }
}

/**
 * For loaders: an expected failure (a 429 with Retry-After, a 404) becomes the route's error
 * response with its status, headers and message, shown by the error page, instead of a 500.
 * Throw what it returns.
 */
export function asPageError(error: unknown): unknown {
  const failure = expectedError(error);
  return failure ? data(failure.message, { status: failure.status, headers: failure.headers }) : error;
}

type DataFunction = (args: unknown) => unknown;

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 503: 'Service Unavailable' };

/** A loader's answer of 500 or more: a thrown or returned Response, or data(…, { status }). */
function isServerError(result: unknown): boolean {
  if (result instanceof Response) return result.status >= 500;
  const status = (result as { init?: { status?: unknown } | null } | null)?.init?.status;
  return typeof status === 'number' && status >= 500;
}

/** A database fault, or a service's own 503 (the rate-limit counters' Redis): the error page with Retry-After, not a 500. */
function outage(error: unknown): AppError | undefined {
  if (isAppError(error) && error.status === 503) return error;
  return appErrorForDatabaseFault(error);
}

function routeError(englishError: AppError, locale: Locale) {
  const appError = expectedError(englishError, locale) ?? englishError;
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
  // The page's language (context.locale) is the language of the faults mapped here; failureData, attempt and asPageError run in the page build's own copy of server/, which knows its language (server/i18n.ts).
  return (args) => run(fn, args, asLocale((args as { context?: { locale?: unknown } } | null)?.context?.locale));
}

async function run(fn: DataFunction, args: unknown, locale: Locale): Promise<unknown> {
  const db = (args as { context?: { db?: object } } | null)?.context?.db;
  const mark = db ? faultMark(db) : 0;
  let result: unknown;
  try {
    result = await fn(args);
  } catch (error) {
    const appError = outage(error) ?? (db && isServerError(error) && faultedSince(db, mark) ? unavailable() : undefined);
    throw appError ? routeError(appError, locale) : error;
  }
  if (db && isServerError(result) && faultedSince(db, mark)) throw routeError(unavailable(), locale);
  return result;
}

/**
 * React Router puts a loader's or action's headers on the page only through the route's
 * `headers` export. A refusal's Retry-After (a page form's 429, a loader's 503) is passed on
 * for every route that has none of its own, as the API sends it.
 */
const passRetryAfter: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const from of [loaderHeaders, actionHeaders, errorHeaders]) {
    const seconds = from?.get('Retry-After');
    if (seconds) headers.set('Retry-After', seconds);
  }
  return headers;
};

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every route's loader and action mapping database faults (once per build), and Retry-After passed on. */
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
        withMapping.headers ??= passRetryAfter;
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
