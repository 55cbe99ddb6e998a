import { data } from 'react-router';
import { expectedError, type AppError } from './errors.ts';

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
export async function attempt<T, E extends object>(step: () => Promise<T>, failure: (message: string) => E) {
  try {
    return { ok: true as const, value: await step() };
  } catch (error) {
    return { ok: false as const, response: failureData(error, (f) => failure(f.message)) };
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
