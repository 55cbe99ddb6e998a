import { english, type Selector } from '../i18n.ts';

/**
 * The one error type for expected failures: a status and a message a user may read.
 * Anything else that is thrown becomes a 500 with a request id and no internals.
 *
 * `message` is English (the specification's words, what logs and English clients see);
 * `text`, when the message comes from the catalog (kernel/i18n/<locale>/errors.ts), renders it
 * in another language: `expectedError(error, locale)` (server/http/error-translation.ts).
 */
export type FieldError = { msg: string; path: string };

/** A message: English text as it is, or a selector from the catalog (`(t) => t.errors.listingNotFound`). */
export type Text = string | Selector;

export class AppError extends Error {
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  readonly text?: Selector;

  constructor(status: number, message: Text, options: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(typeof message === 'string' ? message : message(english));
    this.name = 'AppError';
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers;
    if (typeof message !== 'string') this.text = message;
  }

  toJSON(): { message: string; errors?: FieldError[] } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const badRequest = (message: Text, errors?: FieldError[]) => new AppError(400, message, { errors });
export const unauthorized = (message: Text = (t) => t.errors.loginRequired) => new AppError(401, message);
export const forbidden = (message: Text = (t) => t.errors.notAllowed) => new AppError(403, message);
export const notFound = (message: Text = (t) => t.errors.notFound) => new AppError(404, message);
export const conflict = (message: Text) => new AppError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, message: Text = (t) => t.errors.tooManyAttempts) =>
  new AppError(429, message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AppError');
}
