/**
 * Deterministic stand-ins for camera photos, for the page-weight benchmark. Flat drawings (the
 * demo photos) compress far better than real photos and would flatter every image budget, so
 * these have what photos have: soft lighting gradients, objects with blurred edges, texture at
 * several scales and sensor grain, saved as a phone camera saves them (JPEG, quality 90).
 * The same seed always gives the same picture.
 */
import sharp from 'sharp';
import { prng } from '../server/seed/prng.ts';

type RawLayer = { input: Buffer; raw: { width: number; height: number; channels: 3 } };

/** Grey noise at a fraction of the size, enlarged: smooth blotches like fabric, grass, wood or plaster. */
async function textureLayer(width: number, height: number, scale: number, sigma: number, seed: number): Promise<RawLayer> {
  const w = Math.max(2, Math.round(width / scale));
  const h = Math.max(2, Math.round(height / scale));
  // sharp's noise generator is not seeded: draw our own.
  const rng = prng(seed);
  const pixels = Buffer.alloc(w * h);
  for (let i = 0; i < pixels.length; i++) {
    // Sum of uniforms: close enough to a normal distribution.
    const g = (rng() + rng() + rng() + rng() - 2) * sigma * 1.7;
    pixels[i] = Math.max(0, Math.min(255, Math.round(128 + g)));
  }
  let layer = sharp(pixels, { raw: { width: w, height: h, channels: 1 } });
  if (scale > 1) layer = layer.resize(width, height, { kernel: 'cubic' });
  const input = await layer.toColourspace('srgb').raw().toBuffer();
  return { input, raw: { width, height, channels: 3 } };
}

/** A 1600 x 1200 "photo" (or portrait, with `portrait`) as JPEG bytes. */
export async function photoLike(seed: number, options: { portrait?: boolean } = {}): Promise<Buffer> {
  const rng = prng(seed * 7919 + 17);
  const width = options.portrait ? 1200 : 1600;
  const height = options.portrait ? 1600 : 1200;
  const hue = Math.floor(rng() * 360);
  const colour = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%)`;
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const cx = rng() * width;
    const cy = rng() * height;
    const rx = 60 + rng() * width * 0.3;
    const ry = 60 + rng() * height * 0.3;
    const fill = colour(hue + (rng() - 0.5) * 140, 20 + rng() * 60, 20 + rng() * 60);
    shapes.push(
      rng() < 0.5
        ? `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" opacity="${0.55 + rng() * 0.45}" filter="url(#soft${i % 3})"/>`
        : `<rect x="${cx - rx / 2}" y="${cy - ry / 2}" width="${rx}" height="${ry}" rx="${rng() * 40}" fill="${fill}" opacity="${0.6 + rng() * 0.4}" transform="rotate(${(rng() - 0.5) * 30} ${cx} ${cy})" filter="url(#soft${i % 3})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="${rng().toFixed(2)}" y2="1">
        <stop offset="0" stop-color="${colour(hue + 20, 30, 70)}"/><stop offset="1" stop-color="${colour(hue - 30, 40, 25)}"/>
      </linearGradient>
      <radialGradient id="light" cx="${rng().toFixed(2)}" cy="${(rng() * 0.5).toFixed(2)}" r="0.8">
        <stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
      </radialGradient>
      <filter id="soft0"><feGaussianBlur stdDeviation="1.5"/></filter>
      <filter id="soft1"><feGaussianBlur stdDeviation="4"/></filter>
      <filter id="soft2"><feGaussianBlur stdDeviation="9"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    ${shapes.join('\n')}
    <rect width="100%" height="100%" fill="url(#light)"/>
  </svg>`;
  const [coarse, medium, grain] = await Promise.all([
    textureLayer(width, height, 24, 40, seed * 3 + 1),
    textureLayer(width, height, 4, 30, seed * 3 + 2),
    textureLayer(width, height, 1, 14, seed * 3 + 3),
  ]);
  // Flattened first: the layers are blended onto the drawing, not onto each other.
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite([
      { ...coarse, blend: 'overlay' },
      { ...medium, blend: 'soft-light' },
      { ...grain, blend: 'soft-light' },
    ])
    .blur(0.7)
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
