import { CARD_FORMATS, CARD_IMAGE_WIDTHS, cardImageSize, cardImageUrl, type CardFormat } from '#kernel/card-images.ts';
import { escapeHtml } from '~/lib/html';
import type { Photo } from '#kernel/listing-shapes.ts';
import { PHOTO_PLACEHOLDER_SVG } from '#kernel/photo-placeholder.ts';
import { noPhoto, noPhotoAfter } from '#messages/ad.ts';

/**
 * Shown when an ad has no photo. Inline so it costs no request (CSP allows data: images) and
 * keeps the 4:3 box of a real photo, so the layout does not jump.
 */
export const PLACEHOLDER_SRC = 'data:image/svg+xml,' + encodeURIComponent(PHOTO_PLACEHOLDER_SVG);

/** Only the variants a given place needs, so page data stays small (cards never need 1280 px). */
export function pickVariants(photo: Photo, widths: readonly number[]): Photo {
  const variants: Record<number, string> = {};
  for (const w of widths) if (photo.variants[w]) variants[w] = photo.variants[w];
  const largest = Math.max(...Object.keys(variants).map(Number));
  return { ...photo, url: variants[largest] ?? photo.url, variants };
}

/**
 * The srcset for a photo. A variant is never wider than the original (small uploads are not
 * enlarged), so its real width is the smaller of the two: the browser then picks correctly.
 */
export function buildSrcSet(photo: Photo): string {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const [key, url] of Object.entries(photo.variants).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const w = Math.min(Number(key), photo.width);
    if (seen.has(w)) continue;
    seen.add(w);
    parts.push(`${url} ${w}w`);
  }
  return parts.join(', ');
}

type Props = {
  photo: Photo | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Above the fold: load at once and early (the page's largest image). Otherwise lazy. */
  priority?: boolean;
  /** Eager but not high priority (first row of a grid). */
  eager?: boolean;
  className?: string;
};

/**
 * An <img> with width and height set (no layout shift), srcset/sizes from the stored WebP
 * variants, async decoding and lazy loading unless it is above the fold.
 */
export function ResponsiveImage({ photo, alt, sizes, priority = false, eager = false, className = '' }: Props) {
  const loading = priority || eager ? 'eager' : 'lazy';
  if (!photo) {
    return (
      <img src={PLACEHOLDER_SRC} alt={alt ? `${alt}${noPhotoAfter}` : noPhoto} width={400} height={300} loading={loading} decoding="async" className={className} />
    );
  }
  const smallest = Math.min(...Object.keys(photo.variants).map(Number));
  return (
    <img
      src={photo.variants[smallest] ?? photo.url}
      srcSet={buildSrcSet(photo)}
      sizes={sizes}
      alt={alt}
      width={photo.width}
      height={photo.height}
      loading={loading}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}

/** The srcset of a photo's 4:3 card files in one format; widths as the files really are. */
function cardSrcSet(key: string, originalWidth: number, format: CardFormat): string {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const w of CARD_IMAGE_WIDTHS) {
    const real = cardImageSize(w, originalWidth).width;
    if (seen.has(real)) continue;
    seen.add(real);
    parts.push(`${cardImageUrl(key, w, format)} ${real}w`);
  }
  return parts.join(', ');
}

/** No photo to preload (no results, or the first card has none). */
export const NO_LEAD: readonly Record<string, string>[] = [];

/**
 * A `<link rel="preload">` for a card's cover, as a route's `meta` returns it: <Meta /> writes it
 * at the top of the head, before the scripts React Router preloads there. Found only in the body,
 * the first card (the page's largest paint on a phone) waited behind them (Lighthouse's "load
 * delay"). In the first format the cards offer, typed, so a browser without it skips the preload
 * and the <picture> picks for it. (React's own `preload()` would do the same, for 0.7 kB more
 * JavaScript on every route.)
 */
export function cardPreloadLink(photo: { key: string; width: number } | null | undefined, sizes: string) {
  if (!photo) return NO_LEAD;
  const format = CARD_FORMATS[0];
  const type = `image/${format}`;
  return [{ tagName: 'link', rel: 'preload', as: 'image', type, href: cardImageUrl(photo.key, CARD_IMAGE_WIDTHS[0], format), imageSrcSet: cardSrcSet(photo.key, photo.width, format), imageSizes: sizes, fetchPriority: 'high' }] as const;
}

/** The placeholder's address as it stands in an attribute, escaped once rather than for every card. */
const PLACEHOLDER_ATTRIBUTE = escapeHtml(PLACEHOLDER_SRC);

/**
 * A card's cover as HTML, part of the card's string (ListingCard): cropped to 4:3 on the server
 * (every card the same height), AVIF where the browser takes it, else WebP (the image's own
 * srcset, so a card has one <source>), at the width the card is drawn; the placeholder when the
 * ad has no photo. Lazy unless in the first row, which is fetched at high priority.
 */
export function cardImageHtml(photo: { key: string; width: number } | null, alt: string, sizes: string, eager: boolean, className: string): string {
  // The first row holds the page's largest paint on a phone: fetched before the scripts React Router preloads.
  const common = `${eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} decoding="async" class="${escapeHtml(className)}"`;
  if (!photo) return `<img src="${PLACEHOLDER_ATTRIBUTE}" alt="${escapeHtml(alt ? `${alt}${noPhotoAfter}` : noPhoto)}" width="400" height="300" ${common}/>`;
  const { width, height } = cardImageSize(CARD_IMAGE_WIDTHS[0], photo.width);
  const fallback = CARD_FORMATS[CARD_FORMATS.length - 1]!;
  const size = escapeHtml(sizes);
  let sources = '';
  for (const format of CARD_FORMATS) {
    if (format !== fallback) sources += `<source type="image/${format}" srcset="${escapeHtml(cardSrcSet(photo.key, photo.width, format))}" sizes="${size}"/>`;
  }
  return (
    `<picture>${sources}<img src="${escapeHtml(cardImageUrl(photo.key, CARD_IMAGE_WIDTHS[0], fallback))}" srcset="${escapeHtml(cardSrcSet(photo.key, photo.width, fallback))}"` +
    ` sizes="${size}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" ${common}/></picture>`
  );
}
