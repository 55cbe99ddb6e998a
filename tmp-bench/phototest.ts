import sharp from 'sharp';
import fs from 'node:fs';
import { photoLike } from '../scripts/photo-like.ts';
for (let s = 1; s <= 4; s++) {
  const t = Date.now();
  const jpg = await photoLike(s, { portrait: s === 3 });
  const gen = Date.now() - t;
  const w400 = await sharp(jpg).resize({ width: 400 }).webp({ quality: 60, effort: 4 }).toBuffer();
  const src800 = await sharp(jpg).resize({ width: 800 }).webp({ quality: 72, effort: 4 }).toBuffer();
  const c320a = await sharp(src800).resize({ width: 320, height: 240, fit: 'cover', position: sharp.strategy.attention }).avif({ quality: 45, effort: 4 }).toBuffer();
  const c480a = await sharp(src800).resize({ width: 480, height: 360, fit: 'cover' }).avif({ quality: 45, effort: 4 }).toBuffer();
  const c480w = await sharp(src800).resize({ width: 480, height: 360, fit: 'cover' }).webp({ quality: 55, effort: 4 }).toBuffer();
  if (s === 1) fs.writeFileSync('/tmp/photo1.jpg', jpg);
  console.log(s, 'gen ms', gen, 'jpg', (jpg.length/1024).toFixed(0), 'w400webp', (w400.length/1024).toFixed(1), 'w800', (src800.length/1024).toFixed(1), 'c320avif', (c320a.length/1024).toFixed(1), 'c480avif', (c480a.length/1024).toFixed(1), 'c480webp', (c480w.length/1024).toFixed(1), 'total ms', Date.now()-t);
}
