import { Hono, type Context } from 'hono';
import type { Logger } from 'pino';
import { PHOTO_PLACEHOLDER_SVG } from '#kernel/photo-placeholder.ts';
import type { Db } from '../db/client.ts';
import type { ImageQueue } from '../media/image-queue.ts';
import { answerMissingFile } from '../media/missing-files.ts';
import { isSafeMediaName, MediaStoreUnavailable, mediaType, type MediaStore } from '../media/storage.ts';
import { MEDIA_STORE_RETRY_AFTER_SECONDS } from './storage-errors.ts';

/** Image files are written once under server-made names, so they can be cached for ever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

type Deps = { media: MediaStore; queue: ImageQueue; db: Db; logger: Logger };

/**
 * /media/<file> beyond what the local folder serves itself (server/app.ts): a bucket's files,
 * streamed through the app when there is no MEDIA_PUBLIC_URL in front of it (or for pages
 * that still name /media); a derived file not stored yet (made now, or another size meanwhile:
 * server/media/missing-files.ts); and for a file that is not there, or a storage that does
 * not answer, the placeholder picture with 404 or 503, so a page shows a frame, never a
 * broken image or a 500.
 */
export function mediaRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/media/:name', async (c) => {
    const name = c.req.param('name');
    if (!isSafeMediaName(name)) return c.text('Not found', 404);
    try {
      if (deps.media.kind !== 'local') {
        const stored = await sendStored(c, deps.media, name);
        if (stored) return stored;
      }
      const answer = await answerMissingFile({ media: deps.media, queue: deps.queue, db: deps.db, logger: deps.logger }, name);
      if (answer) return c.body(new Uint8Array(answer.data), 200, { 'Content-Type': answer.type, 'Cache-Control': answer.final ? IMMUTABLE : 'public, max-age=60' });
      return placeholder(c, 404);
    } catch (error) {
      if (!(error instanceof MediaStoreUnavailable)) throw error;
      deps.logger.warn({ err: error, name }, 'media store unavailable: placeholder sent');
      return placeholder(c, 503);
    }
  });
  app.all('/media/*', (c) => c.text('Not found', 404));
  return app;
}

async function sendStored(c: Context, media: MediaStore, name: string): Promise<Response | null> {
  const file = await media.open(name);
  if (!file) return null;
  // No image file is empty: an object seen while it is being written, or a broken copy, is made
  // again or stood in for (missing-files.ts), never cached for a year as an image of no bytes.
  if (file.size === 0) {
    await file.body.cancel().catch(() => {});
    return null;
  }
  const headers: Record<string, string> = { 'Content-Type': mediaType(name), 'Cache-Control': IMMUTABLE };
  if (file.etag) headers.ETag = file.etag;
  if (file.etag && c.req.header('If-None-Match') === file.etag) {
    await file.body.cancel().catch(() => {});
    return c.body(null, 304, headers);
  }
  if (file.size !== undefined) headers['Content-Length'] = String(file.size);
  return c.body(file.body, 200, headers);
}

/** Briefly cached: the file may be made (or the storage answer) a moment later. */
function placeholder(c: Context, status: 404 | 503): Response {
  const headers: Record<string, string> = { 'Content-Type': 'image/svg+xml', 'Cache-Control': status === 503 ? 'no-store' : 'public, max-age=60' };
  if (status === 503) headers['Retry-After'] = String(MEDIA_STORE_RETRY_AFTER_SECONDS);
  return c.body(PHOTO_PLACEHOLDER_SVG, status, headers);
}
