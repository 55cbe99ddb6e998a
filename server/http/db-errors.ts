import { databaseUnavailableReason, isRefusedValue } from '../db/faults.ts';
import { AppError } from './errors.ts';
import { english } from '../i18n.ts';

/** Seconds a client is asked to wait after a 503: a restart or failover usually takes a few. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = english.errors.unavailable;

export function unavailable(): AppError {
  return new AppError(503, (t) => t.errors.unavailable, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
}

/**
 * The AppError a database fault answers with: 503 and Retry-After while the database is away,
 * 400 for a value it refused. Undefined for anything else (a bug stays a 500).
 */
export function appErrorForDatabaseFault(error: unknown): AppError | undefined {
  if (databaseUnavailableReason(error) !== undefined) return unavailable();
  if (isRefusedValue(error)) return new AppError(400, (t) => t.errors.refusedValue);
  return undefined;
}
