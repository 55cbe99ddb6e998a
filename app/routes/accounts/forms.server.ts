import type { ZodError } from 'zod';
import { safeRedirectPath } from '../../../server/http/guards';

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
