/**
 * Card photos: every card shows its cover cropped to 4:3 (so all cards in a grid are the same
 * height), in two widths and two formats. server/media/images.ts makes the files; the cards
 * name them. Browser-safe.
 */
export const CARD_ASPECT = { width: 4, height: 3 } as const;
/**
 * 320 px: a two-column card (158 px) on a 360 px phone at 2x; 480 px: the same at 3x, and a
 * 270 px desktop card at nearly 2x. Both stay within the 12 KB card budget as AVIF (npm run bench:pages).
 */
export const CARD_IMAGE_WIDTHS = [320, 480] as const;
export const CARD_FORMATS = ['avif', 'webp'] as const;
export type CardFormat = (typeof CARD_FORMATS)[number];

export const cardFileName = (storageKey: string, width: number, format: CardFormat) => `${storageKey}-c${width}.${format}`;

export const cardImageUrl = (storageKey: string, width: number, format: CardFormat) => `/media/${cardFileName(storageKey, width, format)}`;

/** The real size of a card file: never wider than the original (small photos are not enlarged), always 4:3. */
export function cardImageSize(width: number, originalWidth: number): { width: number; height: number } {
  const w = Math.max(1, Math.min(width, originalWidth));
  return { width: w, height: Math.round((w * CARD_ASPECT.height) / CARD_ASPECT.width) };
}

/** Link previews (WhatsApp, Facebook, X): a JPEG, which every one of them shows, at the 1.91:1 size they ask for; made from an ad's cover. */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

export const ogImageFileName = (storageKey: string) => `${storageKey}-og.jpg`;
