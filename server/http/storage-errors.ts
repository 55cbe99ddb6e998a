import { MediaStoreUnavailable } from '../media/storage.ts';
import { AppError } from './errors.ts';
import { english } from '../i18n.ts';

/** Seconds a poster is asked to wait after a storage fault: freeing or replacing a disk takes a person. */
export const STORAGE_RETRY_AFTER_SECONDS = 300;

export const STORAGE_FULL_MESSAGE = english.errors.storageFull;

/** Seconds a poster is asked to wait when the photo storage (a bucket) does not answer: usually a passing outage. */
export const MEDIA_STORE_RETRY_AFTER_SECONDS = 60;
export const MEDIA_STORE_UNAVAILABLE_MESSAGE = english.errors.mediaStoreUnavailable;

/** Disk full or over quota: 507 Insufficient Storage. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);
/** A disk that fails or was remounted read-only after errors: the server is unavailable for writes. */
const FAILING = new Set(['EIO', 'EROFS']);

/**
 * The AppError a failed write to our own disk answers with (DATA_DIR: uploads in progress and
 * media), so that a full disk is a clear 507 and a failing one a 503, never a 500 or a hang; a
 * bucket that does not answer (MediaStoreUnavailable) is a 503 too.
 * Undefined for anything else.
 */
export function appErrorForStorageFault(error: unknown): AppError | undefined {
  if (error instanceof MediaStoreUnavailable) {
    return new AppError(503, (t) => t.errors.mediaStoreUnavailable, { headers: { 'Retry-After': String(MEDIA_STORE_RETRY_AFTER_SECONDS) } });
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  const headers = { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) };
  if (FULL.has(code)) return new AppError(507, (t) => t.errors.storageFull, { headers });
  if (FAILING.has(code)) return new AppError(503, (t) => t.errors.storageFailing, { headers });
  return undefined;
}
