import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { CARD_IMAGE_WIDTHS } from '#kernel/card-images.ts';
import { queueDerivedFiles } from './derived-files.ts';
import type { ImageQueue } from './image-queue.ts';
import { deriveCardImage, deriveOgImage, deriveSmallerSize, IMAGE_WIDTHS, imageFileName } from './images.ts';
import type { MediaStore } from './storage.ts';

export type MissingFileAnswer = { data: Buffer; type: string; final: boolean };

const KEY = /^([a-z0-9-]+)-(\d+|c\d+|og)\.(webp|avif|jpg)$/;
const typeOf = (name: string) => (name.endsWith('.avif') ? 'image/avif' : name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');

/**
 * A derived file a page asks for that is not stored yet: a smaller size or card file of a photo
 * posted moments ago (made after its ad is saved: derived-files.ts), or of one stored before
 * card files and link previews existed. Made and stored now when the image queue has a free
 * slot (final: cache it for ever); otherwise the nearest stored size is sent instead (not
 * final: cached briefly) and the photo is queued, so a page never breaks and a burst of
 * requests never adds unbounded image work. Null when the image does not exist.
 */
export async function answerMissingFile(deps: { media: MediaStore; queue: ImageQueue; db: Db; logger: Logger }, name: string): Promise<MissingFileAnswer | null> {
  const match = KEY.exec(name);
  if (!match) return null;
  const storageKey = match[1]!;
  const made = deps.queue.runIfFree(async () => (await deriveSmallerSize(deps.media, name)) ?? (await deriveCardImage(deps.media, name)) ?? (await deriveOgImage(deps.media, name)));
  if (made) {
    const data = await made;
    return data ? { data, type: typeOf(name), final: true } : null;
  }
  const stand = await standIn(deps.media, storageKey, match[2]!);
  if (!stand) return null;
  await queueDerivedFiles(deps.db, [storageKey]).catch((error: unknown) => deps.logger.warn({ err: error, storageKey }, 'could not queue derived image files'));
  return { data: stand.data, type: typeOf(stand.name), final: false };
}

/** The stored size closest to what was asked for: the smallest at least as wide, else the widest there is. */
async function standIn(media: MediaStore, storageKey: string, variant: string): Promise<{ name: string; data: Buffer } | null> {
  const wanted = variant === 'og' ? Infinity : Number(variant.replace(/^c/, '')) || CARD_IMAGE_WIDTHS[0];
  const widths = [...IMAGE_WIDTHS].sort((a, b) => a - b);
  const order = [...widths.filter((w) => w >= wanted), ...widths.filter((w) => w < wanted).reverse()];
  for (const width of order) {
    const name = imageFileName(storageKey, width);
    const data = await media.read(name);
    if (data && data.length > 0) return { name, data };
  }
  return null;
}
