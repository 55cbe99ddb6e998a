import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { file, image, mediaFiles, postAd, VALID_AD } from './listings-support.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.createUser()).token;
});
afterAll(async () => {
  await t?.close();
});

const stored = (url: string) => fs.readFileSync(path.join(t.config.mediaDir, path.basename(url)));

describe('uploaded images', () => {
  it('strip EXIF and GPS and apply the camera orientation', async () => {
    // A landscape-encoded photo the camera says to turn a quarter (orientation 6), with a GPS position.
    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '36/1 49/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif).toBeDefined();
    expect(jpeg.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(input.orientation).toBe(6);

    const res = await postAd(t, token, VALID_AD, [file(jpeg, 'IMG_0001.JPG')]);
    expect(res.status).toBe(201);
    const ad = await res.json();
    expect(ad.photos[0]).toMatchObject({ width: 80, height: 120 });
    expect(Object.keys(ad.photos[0].variants)).toHaveLength(3);
    for (const url of Object.values(ad.photos[0].variants) as string[]) {
      const data = stored(url);
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Portrait, as the camera meant it.
      expect(meta.height!).toBeGreaterThan(meta.width!);
      expect(data.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });

  it('accept PNG, WebP, GIF and AVIF by content, whatever the name and declared type', async () => {
    const files = [
      file(await image('png'), 'a.txt', 'text/plain'),
      file(await image('webp'), 'b', 'application/octet-stream'),
      file(await image('gif'), 'c.jpg', 'image/jpeg'),
      file(await image('avif'), 'd.avif', 'image/avif'),
    ];
    const res = await postAd(t, token, VALID_AD, files);
    expect(res.status).toBe(201);
    const ad = await res.json();
    expect(ad.images).toHaveLength(4);
    for (const url of ad.images) expect((await sharp(stored(url)).metadata()).format).toBe('webp');
  });

  it('never enlarge a small photo, and scale a large one to each width', async () => {
    const res = await postAd(t, token, VALID_AD, [file(await image('jpeg', 1600, 1200))]);
    const ad = await res.json();
    const widths = await Promise.all((Object.values(ad.photos[0].variants) as string[]).map(async (u) => (await sharp(stored(u)).metadata()).width));
    expect(widths).toEqual([400, 800, 1280]);
    const small = await (await postAd(t, token, VALID_AD, [file(await image('jpeg', 300, 200))])).json();
    const smallWidths = await Promise.all((Object.values(small.photos[0].variants) as string[]).map(async (u) => (await sharp(stored(u)).metadata()).width));
    expect(smallWidths).toEqual([300, 300, 300]);
  });

  it('leave no orphan files when the second of three files is not an image', async () => {
    const before = mediaFiles(t);
    const files = [file(await image('jpeg')), file(Buffer.from('%PDF-1.4 not a photo'), 'scan.jpg'), file(await image('png'), 'c.png', 'image/png')];
    const res = await postAd(t, token, VALID_AD, files);
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded.');
    expect(mediaFiles(t)).toEqual(before);
  });

  it('refuse a truncated JPEG with 415 and leave nothing behind', async () => {
    const before = mediaFiles(t);
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const res = await postAd(t, token, VALID_AD, [file(await image()), file(whole.subarray(0, Math.floor(whole.length / 2)))]);
    expect(res.status).toBe(415);
    expect(mediaFiles(t)).toEqual(before);
  });

  it('refuse images over the pixel limit with 413', async () => {
    const before = mediaFiles(t);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const res = await postAd(t, token, VALID_AD, [file(huge, 'huge.png', 'image/png')]);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('That image has too many pixels. Please upload a smaller photo.');
    expect(mediaFiles(t)).toEqual(before);
  });
});
