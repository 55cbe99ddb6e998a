/**
 * Draws the brand images from the logo (app/components/Logo.tsx, public/favicon.svg) into
 * public/brand/: the app icons of the web app manifest (server/pwa/manifest.ts) and the link
 * preview of pages without a photo of their own (app/lib/seo.ts). They are committed, so neither a
 * build nor a start depends on the fonts of the machine; run `npx tsx scripts/make-brand-images.ts`
 * again after changing the logo.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../public/brand');
const BRAND = '#047857';
// The "S" of the logo, drawn on a 32-unit square.
const GLYPH = 'M9 20.5c1.6 1.5 4 2.3 6.7 2.3 3.6 0 6.3-1.7 6.3-4.6 0-2.6-2-3.7-5.6-4.4-2.5-.5-3.3-.9-3.3-1.8 0-.9 1-1.5 2.6-1.5 1.8 0 3.4.6 4.6 1.6l1.9-2.7c-1.6-1.3-3.8-2.1-6.4-2.1-3.6 0-6.1 1.9-6.1 4.7 0 2.7 2 3.8 5.4 4.4 2.6.5 3.5.9 3.5 1.8 0 1-1.1 1.6-2.9 1.6-2 0-3.9-.8-5.1-2z';

/** The logo as it is: a rounded green square, transparent corners (purpose "any"). */
const logo = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/><path d="${GLYPH}" fill="#fff"/></svg>`;

/**
 * A maskable icon fills its square: launchers cut it to a circle or a squircle, and only the
 * centre circle of 80 % is safe. The glyph (about 14 of 32 units wide) is drawn at 70 % of the logo's size, inside it.
 */
const maskable = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)"><path d="${GLYPH}" fill="#fff"/></g></svg>`;

/** 1200x630, the size link previews ask for: the logo, the name and what Soko is, on the brand green. */
const preview = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${BRAND}"/>
  <g transform="translate(120 175)"><rect width="280" height="280" rx="70" fill="#fff"/><g transform="scale(8.75)"><path d="${GLYPH}" fill="${BRAND}"/></g></g>
  <text x="460" y="330" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="150" fill="#fff">Soko</text>
  <text x="464" y="410" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="44" fill="#d1fae5">Buy and sell anything in Kenya</text>
</svg>`;

fs.mkdirSync(OUT, { recursive: true });
const png = (svg: string, name: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(path.join(OUT, name));
await Promise.all([
  png(logo(192), 'icon-192.png'),
  png(logo(512), 'icon-512.png'),
  png(maskable(192), 'maskable-192.png'),
  png(maskable(512), 'maskable-512.png'),
  // iOS ignores the manifest's icons and rounds its own corners.
  png(maskable(180), 'apple-touch-icon.png'),
  sharp(Buffer.from(preview)).jpeg({ quality: 85, mozjpeg: true }).toFile(path.join(OUT, 'soko-og.jpg')),
]);
for (const name of fs.readdirSync(OUT)) console.log(name, fs.statSync(path.join(OUT, name)).size, 'bytes');
