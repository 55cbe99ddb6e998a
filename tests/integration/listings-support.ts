import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { listings } from '../../server/db/schema/index.ts';
import { uploadTempRoot, type UploadedFile } from '../../server/media/upload.ts';
import { findSessionUser } from '../../server/auth/sessions.ts';
import type { TestApp } from '../support/app.ts';

/** A small real image of the given format, generated in memory. */
export async function image(format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'jpeg', width = 64, height = 48, seed = 0): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 200 } } });
  return base.toFormat(format).toBuffer();
}

export function file(data: Buffer, name = 'photo.jpg', type = 'image/jpeg'): File {
  return new File([new Uint8Array(data)], name, { type });
}

export type AdFields = Partial<Record<'title' | 'description' | 'category' | 'subcategory' | 'price' | 'currency' | 'location' | 'owner', string>>;

export const VALID_AD: Required<Omit<AdFields, 'owner' | 'subcategory'>> = {
  title: 'Toyota Axio 2016, clean',
  description: 'Well kept, one owner, full service history.',
  category: 'Cars & Vehicles',
  price: '1250000',
  currency: 'KES',
  location: 'Nairobi',
};

export function adForm(fields: AdFields, files: File[] = [], existingImages: string[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  for (const f of files) form.append('images', f);
  for (const url of existingImages) form.append('existingImages', url);
  return form;
}

export function mediaFiles(t: TestApp): string[] {
  return fs.existsSync(t.config.mediaDir) ? fs.readdirSync(t.config.mediaDir).sort() : [];
}

/** Files left in the upload area (there should be none once a request is answered). */
export function tempFiles(t: TestApp): string[] {
  const root = uploadTempRoot(t.config);
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).sort() : [];
}

/** Photos as a received upload has them (files on disk), for calling the write functions directly. */
export function uploadedFiles(images: Buffer[]): UploadedFile[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-upload-test-'));
  return images.map((data, i) => {
    const file = path.join(dir, String(i));
    fs.writeFileSync(file, data);
    return { path: file, size: data.byteLength };
  });
}

let adNumber = 0;

/**
 * Posts an ad through the API. These tests are about what one ad does, not about posting
 * abuse: each ad gets a title of its own unless the test names one (the same ad twice is
 * refused), and the daily posting allowance is not what they measure, so it is cleared.
 * tests/integration/abuse.test.ts covers both rules.
 */
export async function postAd(t: TestApp, token: string, fields: AdFields = VALID_AD, files?: File[]) {
  const own = fields === VALID_AD ? { ...fields, title: `${VALID_AD.title} #${++adNumber}` } : fields;
  const { session } = (await findSessionUser(t.services.db, token))!;
  await t.services.rateLimits.reset('postsPerAccount', session.userId);
  const res = await t.request('/api/listings', {
    method: 'POST',
    token,
    body: adForm(own, files ?? [file(await image('jpeg'))]),
  });
  return res;
}

/** Inserts rows straight into the table: fast fixtures for search tests (no photos). */
export async function insertRows(t: TestApp, ownerId: string, rows: Array<Partial<typeof listings.$inferInsert>>) {
  const base = Date.UTC(2026, 0, 1);
  const values = rows.map((r, i) => ({
    ownerId,
    title: `Item ${i}`,
    description: 'Plain description',
    category: 'For Sale',
    location: 'Nairobi',
    createdAt: new Date(base + i * 60_000),
    updatedAt: new Date(base + i * 60_000),
    ...r,
  }));
  return t.services.db.insert(listings).values(values).returning({ id: listings.id });
}

