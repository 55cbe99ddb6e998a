/**
 * What search engines and link previews read in a page's <head> (issue 17): one title and
 * description, a canonical address, Open Graph and Twitter tags. Browser-safe; every route's
 * `meta` builds its tags here so no page forgets one.
 */
import type { MetaDescriptor } from 'react-router';
import { SWAHILI_BASENAME, SWAHILI_OFFERED } from '#kernel/i18n/locales.ts';
import { BASE, ogLocale } from '#messages/locale.ts';

export const SITE_NAME = 'Soko';

export type PreviewImage = { url: string; width: number; height: number; type: string; alt: string };

export type PageSeo = {
  /** The public origin (APP_URL's), from the root loader: never the request's Host header. */
  origin: string;
  /** The page's canonical path and query ('/category/cars-vehicles', '/listings?page=2'). */
  path: string;
  /** The whole <title>, site name included. */
  title: string;
  description: string;
  /** The page's own picture (an ad's cover); without one, the brand's preview. */
  image?: PreviewImage | null;
  /**
   * Kept out of the index, links still followed: search results and private pages. Such a page
   * names no canonical address (a canonical beside noindex sends search engines mixed signals).
   */
  noindex?: boolean;
  type?: 'website' | 'product';
};

/**
 * The brand's own preview (public/brand/, drawn by scripts/make-brand-images.ts), for every page
 * without a photo of its own: a link to the home page shared on WhatsApp showed no picture.
 */
export const BRAND_PREVIEW = { path: '/brand/soko-og.jpg', width: 1200, height: 630, type: 'image/jpeg', alt: 'Soko: buy and sell anything in Kenya' } as const;

export function brandPreview(origin: string): PreviewImage {
  const { path, ...rest } = BRAND_PREVIEW;
  return { url: `${origin}${path}`, ...rest };
}

export function seoMeta(p: PageSeo): MetaDescriptor[] {
  const url = `${p.origin}${BASE}${p.path}`;
  const image = p.image ?? brandPreview(p.origin);
  // og:title without the site name: previews show the site beside it.
  const shortTitle = p.title.replace(/ [—|] Soko$/, '');
  // Swahili pages stay out of search engines until Swahili is offered (kernel/i18n/locales.ts).
  const noindex = p.noindex || (BASE !== '' && !SWAHILI_OFFERED);
  const tags: MetaDescriptor[] = [
    { title: p.title },
    { name: 'description', content: p.description },
    noindex ? { name: 'robots', content: 'noindex, follow' } : { tagName: 'link', rel: 'canonical', href: url },
    // The page in each language; English is the default for other languages (issue 45 point 2).
    ...(noindex || !SWAHILI_OFFERED
      ? []
      : [
          { tagName: 'link', rel: 'alternate', hrefLang: 'en-KE', href: `${p.origin}${p.path}` },
          { tagName: 'link', rel: 'alternate', hrefLang: 'sw-KE', href: `${p.origin}${SWAHILI_BASENAME}${p.path}` },
          { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${p.origin}${p.path}` },
        ]),
    { property: 'og:type', content: p.type ?? 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: ogLocale },
    { property: 'og:title', content: shortTitle },
    { property: 'og:description', content: p.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: shortTitle },
    { name: 'twitter:description', content: p.description },
  ];
  tags.push(
    { property: 'og:image', content: image.url },
    { property: 'og:image:type', content: image.type },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
  );
  return tags;
}

type RootData = { origin?: string } | undefined;

/** The public origin, as the root loader gives it to every route's meta. */
export function originOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData;
  return root?.origin ?? '';
}

/** A meta description: whitespace folded, at most 160 characters. */
export function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157).trimEnd()}...` : flat;
}
