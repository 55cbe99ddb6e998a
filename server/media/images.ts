import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/errors.ts';
import type { MediaStore } from './storage.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000; // about 7,300 x 5,500: any phone camera, not a decompression bomb
/** Card images (~360 px wide on a phone, 2x for sharp screens is too heavy on 3G) and the detail view. */
export const IMAGE_WIDTHS = [400, 800, 1280] as const;

export const imageTooLarge = () => new AppError(413, 'Each image must be 10 MB or smaller.');

export const WRONG_TYPE = 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded.';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export type StoredImage = { storageKey: string; width: number; height: number; files: string[] };

export const imageFileName = (storageKey: string, width: number) => `${storageKey}-${width}.webp`;

/**
 * Checks an upload (in memory, or the path of a file on disk) by its content (never its name or
 * declared type), auto-rotates it, strips all metadata and stores WebP variants under a
 * server-made name. Returns what was written so a caller can remove it again if the rest of its
 * work fails.
 */
export async function storeImage(store: MediaStore, input: Buffer | string): Promise<StoredImage> {
  const size = typeof input === 'string' ? (await fs.stat(input)).size : input.byteLength;
  if (size > MAX_IMAGE_BYTES) throw imageTooLarge();
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels; the pixel limit is checked just below with its own message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, WRONG_TYPE);
  }
  // HEIF covers AVIF (AV1) and iPhone HEIC (HEVC); the bundled libvips decodes only AV1.
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) {
    throw new AppError(415, WRONG_TYPE);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(413, 'That image has too many pixels. Please upload a smaller photo.');
  }
  // Orientations 5-8 are quarter turns: the stored picture is the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const storageKey = randomUUID();
  const files: string[] = [];
  try {
    for (const target of IMAGE_WIDTHS) {
      // .rotate() applies the EXIF orientation; sharp writes no metadata (EXIF, GPS) unless asked to.
      const data = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
        .rotate()
        .resize({ width: Math.min(target, width), withoutEnlargement: true })
        .webp({ quality: target <= 400 ? 60 : 72, effort: 4 })
        .toBuffer()
        // A header that parses over a body that does not (truncated or corrupt file) is the uploader's problem.
        .catch(() => {
          throw new AppError(415, 'That image could not be read. Please upload another photo.');
        });
      const name = imageFileName(storageKey, target);
      await store.put(name, data);
      files.push(name);
    }
  } catch (error) {
    await store.remove(files);
    throw error;
  }
  return { storageKey, width, height, files };
}

export function imageFiles(storageKey: string): string[] {
  return IMAGE_WIDTHS.map((w) => imageFileName(storageKey, w));
}
