import sharp from 'sharp';

/** Bits in a photo hash: differences across (64) and down (64) a 9x9 greyscale copy. */
export const PHOTO_HASH_BITS = 128;
const BANDS = 8;
const BAND_BITS = PHOTO_HASH_BITS / BANDS;
/** Neighbours within this many grey levels (of 255) are alike: their bit is noise. */
const FLAT = 3;
/** Clear differences a picture needs before its hash says anything. */
const MIN_CLEAR_EDGES = 16;
const FEATURELESS = '0'.repeat(PHOTO_HASH_BITS / 4);

/**
 * A perceptual hash of a photo: the same picture resized, re-encoded or slightly recoloured
 * gives the same bits or nearly, a different picture about half of them different. 32 hex digits.
 */
export async function photoHash(input: Buffer | string): Promise<string> {
  const px = await sharp(input).rotate().greyscale().resize(9, 9, { fit: 'fill' }).raw().toBuffer();
  let clear = 0;
  const brighter = (a: number, b: number) => {
    if (Math.abs(px[b]! - px[a]!) > FLAT) clear++;
    return px[a]! < px[b]! ? 1n : 0n;
  };
  let across = 0n;
  let down = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      across = (across << 1n) | brighter(y * 9 + x, y * 9 + x + 1);
      down = (down << 1n) | brighter(y * 9 + x, (y + 1) * 9 + x);
    }
  }
  // A picture with hardly any clear edge (a blank photo, a colour swatch) has bits made of
  // compression noise: it hashes as "featureless", which is never matched (isDistinctive).
  if (clear < MIN_CLEAR_EDGES) return FEATURELESS;
  return across.toString(16).padStart(16, '0') + down.toString(16).padStart(16, '0');
}

/**
 * Whether a hash says anything about its picture. A flat or evenly shaded picture (a blank
 * photo, a colour swatch) has almost every bit alike, and so has every other such picture:
 * matching on it would call unrelated photos the same.
 */
export function isDistinctive(hash: string): boolean {
  const ones = hashDistance(hash, FEATURELESS);
  return ones >= 16 && ones <= PHOTO_HASH_BITS - 16;
}

/** The hash's bands as stored (migration 0860): band n's 16 bits, tagged with n so equal bits at different places differ. */
export function hashBands(hash: string): number[] {
  const bands: number[] = [];
  for (let n = 0; n < BANDS; n++) bands.push(n * 65536 + parseInt(hash.slice(n * (BAND_BITS / 4), (n + 1) * (BAND_BITS / 4)), 16));
  return bands;
}

/** How many bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < a.length; i += 8) {
    let x = (parseInt(a.slice(i, i + 8), 16) ^ parseInt(b.slice(i, i + 8), 16)) >>> 0;
    for (; x; x &= x - 1) bits++;
  }
  return bits;
}

/** What listing_images.hash_bands holds for a photo: its bands, or null when it cannot be matched (no hash, or not distinctive). */
export function photoHashBands(hash: string | null | undefined): number[] | null {
  return hash && isDistinctive(hash) ? hashBands(hash) : null;
}
