import { HTTPException } from 'hono/http-exception';
import type { Locale } from '#kernel/i18n/locales.ts';
import { catalogFor, requestLocale, translateErrorText } from '../i18n.ts';
import { appErrorForDatabaseFault } from './db-errors.ts';
import { AppError, isAppError } from './errors.ts';
import { appErrorForStorageFault } from './storage-errors.ts';

/**
 * The one translation of anything thrown into what a client may be told, for the API's error
 * handler and for pages alike: an AppError as it is; a database fault as 503 with Retry-After
 * (or 400 for a value the database refuses); a write our disk refuses (full: 507; failing: 503); Hono's own refusals (malformed JSON, wrong content
 * type, body too large) with their status. Anything else is a bug: null here, and a logged 500.
 *
 * In `locale` (by default the request's: server/i18n.ts): English is the error as it was
 * thrown; Swahili renders its catalog text, and each field error's constant text.
 */
export function expectedError(error: unknown, locale: Locale = requestLocale()): AppError | null {
  const expected = englishError(error);
  if (!expected || locale === 'en') return expected;
  const message = expected.text ? expected.text(catalogFor(locale)) : translateErrorText(expected.message, locale);
  const errors = expected.errors?.map((e) => ({ ...e, msg: translateErrorText(e.msg, locale) }));
  return new AppError(expected.status, message, { errors, headers: expected.headers });
}

function englishError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  // Storage first: a bucket that refuses connections carries ECONNREFUSED as a database outage does.
  const storage = appErrorForStorageFault(error);
  if (storage) return storage;
  const fault = appErrorForDatabaseFault(error);
  if (fault) return fault;
  if (error instanceof HTTPException && error.status < 500) {
    const message = /json/i.test(error.message) ? 'The request body is not valid JSON.' : error.message || 'The request could not be understood.';
    return new AppError(error.status, message);
  }
  return null;
}
