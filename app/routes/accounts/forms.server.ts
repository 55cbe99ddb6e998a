import { data } from 'react-router';
import type { ZodError } from 'zod';
import { isAppError } from '../../../server/http/errors';
import { safeRedirectPath } from '~/lib/guards.server';

/** Server-only helpers shared by the account pages' actions. */

/** A text field of a submitted form ('' when absent or a file). */
export const text = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** Where to go after login: a path on our site, never back into the sign-in pages themselves. */
export function afterLoginPath(value: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirectPath(value, '/');
  return /^\/(auth\/|logout|reset-password|forgot-password)/.test(path) ? '/' : path;
}

/** Every distinct message of a failed parse, in field order. */
export const issueMessages = (error: ZodError): string[] => [...new Set(error.issues.map((i) => i.message))];

/**
 * Runs an action step; an expected failure (AppError: 400, 401, 409, 429...) becomes action
 * data with its status and headers (Retry-After) so the page can show the message.
 */
export async function attempt<T, E extends object>(step: () => Promise<T>, failure: (message: string) => E) {
  try {
    return { ok: true as const, value: await step() };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return { ok: false as const, response: data(failure(error.message), { status: error.status, headers: error.headers }) };
  }
}
