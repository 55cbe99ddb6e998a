import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { CARD_FORMATS, CARD_IMAGE_WIDTHS, OG_IMAGE, cardFileName, cardImageSize, ogImageFileName, type CardFormat } from '#kernel/card-images.ts';

export { OG_IMAGE, ogImageFileName };
import { AppError } from '../http/errors.ts';
import type { MediaStore } from './storage.ts';
import { photoHash } from './photo-hash.ts';
import { english } from '../i18n.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000; // about 7,300 x 5,500: any phone camera, not a decompression bomb
/** Card images (~360 px wide on a phone, 2x for sharp screens is too heavy on 3G) and the detail view. */
export const IMAGE_WIDTHS = [400, 800, 1280] as const;

export const imageTooLarge = () => new AppError(413, (t) => t.errors.imageTooLarge);

export const WRONG_TYPE = english.errors.wrongImageType;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** photoHash: the perceptual hash (server/media/photo-hash.ts) of the stored picture. */
export type StoredImage = { storageKey: string; width: number; height: number; files: string[]; photoHash: string };

export const imageFileName = (storageKey: string, width: number) => `${storageKey}-${width}.webp`;

/** The stored width card images are cut from: already small to decode, and wider than the widest card. */
const CARD_SOURCE_WIDTH = 800;

/*
 * Card encodings, tuned on photographic test images (npm run bench:pages) for the 12 KB card
 * budget: AVIF for browsers that take it (nearly all phones), WebP for the rest.
 */
const CARD_ENCODINGS: Record<CardFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 45, effort: 4, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 55, effort: 4 }),
};

/** One card file: the source cropped to 4:3 around its most interesting part, then encoded. */
async function encodeCard(source: Buffer, sourceWidth: number, width: number, format: CardFormat): Promise<Buffer> {
  const size = cardImageSize(width, sourceWidth);
  const cropped = sharp(source).resize({ ...size, fit: 'cover', position: sharp.strategy.attention });
  return CARD_ENCODINGS[format](cropped).toBuffer();
}

/** The widest stored size: the one made while the seller waits, from which every other file of the photo is cut. */
export const UPLOAD_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The widest WebP size of a photo that is stored, and its width (its name's), or null when none is. */
async function widestStored(store: MediaStore, storageKey: string, atMost = UPLOAD_WIDTH): Promise<{ data: Buffer; width: number } | null> {
  for (const width of [...IMAGE_WIDTHS].reverse()) {
    if (width > atMost) continue;
    const data = await store.read(imageFileName(storageKey, width));
    if (data) return { data, width };
  }
  return atMost < UPLOAD_WIDTH ? widestStored(store, storageKey) : null;
}

const encodeSize = (source: Buffer, target: number) =>
  sharp(source)
    .resize({ width: target, withoutEnlargement: true })
    .webp({ quality: target <= 400 ? 60 : 72, effort: 4 })
    .toBuffer();

/**
 * The smaller WebP sizes of a photo, cut from its widest stored one (posting stores only that:
 * storeUpload). Files that exist are kept. Returns the names written.
 */
export async function storeSmallerSizes(store: MediaStore, storageKey: string): Promise<string[]> {
  const source = await widestStored(store, storageKey);
  if (!source) return [];
  const written: string[] = [];
  for (const width of IMAGE_WIDTHS) {
    const name = imageFileName(storageKey, width);
    if (width >= source.width || (await store.has(name))) continue;
    await store.put(name, await encodeSize(source.data, width));
    written.push(name);
  }
  return written;
}

/**
 * Every file a photo needs besides what posting stored, made after the ad is saved
 * (server/media/derived-files.ts): the smaller sizes and, for an ad's cover, its card images
 * and link preview. Returns the names written.
 */
export async function storeDerivedFiles(store: MediaStore, storageKey: string, options: { cover: boolean }): Promise<string[]> {
  const written = await storeSmallerSizes(store, storageKey);
  if (options.cover) written.push(...(await storeCoverFiles(store, storageKey)));
  return written;
}

/**
 * The files only an ad's cover needs: its card images (from the stored 800 px variant) and its
 * link preview. Cards show the cover alone, so these are made for the cover, not for every
 * photo: AVIF encoding is most of a photo's cost, and a seller's other photos never appear on
 * a card. They are made after the ad is saved (storeDerivedFiles), a photo that becomes the
 * cover later gets them then, and a page that asks for one still missing gets it made at once
 * or another size meanwhile (server/media/missing-files.ts). Files that exist are kept.
 * Returns the names written.
 */
export async function storeCoverFiles(store: MediaStore, storageKey: string): Promise<string[]> {
  const written: string[] = [];
  for (const width of CARD_IMAGE_WIDTHS) {
    for (const format of CARD_FORMATS) {
      const name = cardFileName(storageKey, width, format);
      if (await store.has(name)) continue;
      const data = await deriveCardImage(store, name, { store: false });
      if (!data) continue;
      await store.put(name, data);
      written.push(name);
    }
  }
  const og = ogImageFileName(storageKey);
  if (!(await store.has(og))) {
    const data = await encodeOgImage(store, storageKey);
    if (data) {
      await store.put(og, data);
      written.push(og);
    }
  }
  return written;
}

const CARD_NAME = new RegExp(`^([a-z0-9-]+)-c(${CARD_IMAGE_WIDTHS.join('|')})\\.(${CARD_FORMATS.join('|')})$`);

/**
 * A card file, cut from the image's 800 px variant (its widest one while that is not made yet)
 * and stored (unless `store: false`), so it is made once. Null when the name is not a card file
 * or the image does not exist.
 */
export async function deriveCardImage(store: MediaStore, name: string, options: { store?: boolean } = {}): Promise<Buffer | null> {
  const match = CARD_NAME.exec(name);
  if (!match) return null;
  const [, storageKey, width, format] = match as unknown as [string, string, string, CardFormat];
  const source = await widestStored(store, storageKey, CARD_SOURCE_WIDTH);
  if (!source) return null;
  const { width: sourceWidth = CARD_SOURCE_WIDTH } = await sharp(source.data).metadata();
  const data = await encodeCard(source.data, sourceWidth, Number(width), format);
  if (options.store !== false) await store.put(name, data);
  return data;
}

const SIZE_NAME = new RegExp(`^([a-z0-9-]+)-(${IMAGE_WIDTHS.join('|')})\\.webp$`);

/** A smaller WebP size still missing, cut from the widest stored one and stored. Null when the name is not one or the image does not exist. */
export async function deriveSmallerSize(store: MediaStore, name: string): Promise<Buffer | null> {
  const match = SIZE_NAME.exec(name);
  if (!match) return null;
  const [, storageKey, width] = match as unknown as [string, string, string];
  const source = await widestStored(store, storageKey);
  if (!source || source.width <= Number(width)) return null;
  const data = await encodeSize(source.data, Number(width));
  await store.put(name, data);
  return data;
}

const OG_NAME = /^([a-z0-9-]+)-og\.jpg$/;

/**
 * The link-preview file of an image, cut from its largest stored variant around its most
 * interesting part (a small photo is enlarged: previews want the full size).
 */
async function encodeOgImage(store: MediaStore, storageKey: string): Promise<Buffer | null> {
  const source = await widestStored(store, storageKey);
  if (!source) return null;
  return sharp(source.data)
    .resize({ ...OG_IMAGE, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
}

/** The link-preview file of an image saved before previews existed, made on its first request and stored. */
export async function deriveOgImage(store: MediaStore, name: string): Promise<Buffer | null> {
  const storageKey = OG_NAME.exec(name)?.[1];
  if (!storageKey) return null;
  const data = await encodeOgImage(store, storageKey);
  if (data) await store.put(name, data);
  return data;
}

/**
 * Checks an upload (in memory, or the path of a file on disk) by its content (never its name or
 * declared type), auto-rotates it, strips all metadata and stores its widest WebP size under a
 * server-made name, and hashes it: all that must happen while the seller waits (the risk check
 * reads the hash before the ad is saved). Everything else is cut from that file later
 * (storeDerivedFiles). Returns what was written so a caller can remove it again if the rest
 * of its work fails.
 */
export async function storeUpload(store: MediaStore, input: Buffer | string): Promise<StoredImage> {
  const size = typeof input === 'string' ? (await fs.stat(input)).size : input.byteLength;
  if (size > MAX_IMAGE_BYTES) throw imageTooLarge();
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels; the pixel limit is checked just below with its own message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, (t) => t.errors.wrongImageType);
  }
  // HEIF covers AVIF (AV1) and iPhone HEIC (HEVC); the bundled libvips decodes only AV1.
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) {
    throw new AppError(415, (t) => t.errors.wrongImageType);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(413, (t) => t.errors.tooManyPixels);
  }
  // Orientations 5-8 are quarter turns: the stored picture is the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const storageKey = randomUUID();
  // .rotate() applies the EXIF orientation; sharp writes no metadata (EXIF, GPS) unless asked to.
  const data = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .rotate()
    .resize({ width: Math.min(UPLOAD_WIDTH, width), withoutEnlargement: true })
    .webp({ quality: 72, effort: 4 })
    .toBuffer()
    // A header that parses over a body that does not (truncated or corrupt file) is the uploader's problem.
    .catch(() => {
      throw new AppError(415, (t) => t.errors.imageUnreadable);
    });
  const hash = await photoHash(data);
  const name = imageFileName(storageKey, UPLOAD_WIDTH);
  try {
    await store.put(name, data);
  } catch (error) {
    // A bucket that took the request but answered too late may have stored it all the same:
    // the caller only knows to remove what was stored before this photo.
    await store.remove([name]).catch(() => {});
    throw error;
  }
  return { storageKey, width, height, files: [name], photoHash: hash };
}

/** An upload with every size made at once (the demo data, benchmarks): storeUpload, then the smaller sizes. */
export async function storeImage(store: MediaStore, input: Buffer | string): Promise<StoredImage> {
  const stored = await storeUpload(store, input);
  try {
    stored.files.push(...(await storeSmallerSizes(store, stored.storageKey)));
  } catch (error) {
    await store.remove(imageFiles(stored.storageKey));
    throw error;
  }
  return stored;
}

/** Every file an image may have (card files made later included), for removing them all. */
export function imageFiles(storageKey: string): string[] {
  const cards = CARD_IMAGE_WIDTHS.flatMap((w) => CARD_FORMATS.map((f) => cardFileName(storageKey, w, f)));
  return [...IMAGE_WIDTHS.map((w) => imageFileName(storageKey, w)), ...cards, ogImageFileName(storageKey)];
}

/** The storage key of a photo from any of its variant URLs ('/media/<key>-1280.webp'), or null. */
export function storageKeyOf(photoUrl: string): string | null {
  return /\/media\/([a-z0-9-]+)-\d+\.webp$/.exec(photoUrl)?.[1] ?? null;
}
