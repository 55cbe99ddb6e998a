/**
 * schema.org objects for the pages' JSON-LD (issue 17): an ad is a Product with an Offer, a
 * page of ads an ItemList, and every browse or ad page says where it sits (BreadcrumbList).
 * Browser-safe and pure, so tests check them against the properties search engines require.
 */
const CONTEXT = 'https://schema.org';

export type Crumb = { name: string; path: string };

export function breadcrumbList(origin: string, crumbs: Crumb[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${origin}${c.path}` })),
  };
}

export function itemList(origin: string, name: string, ads: { _id: string; title: string }[], firstPosition = 1) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: ads.length,
    itemListElement: ads.map((ad, i) => ({ '@type': 'ListItem', position: firstPosition + i, url: `${origin}/listing/${ad._id}`, name: ad.title })),
  };
}

export type ProductAd = {
  _id: string;
  title: string;
  description: string;
  category: string;
  price: number | null;
  currency: string;
  location: string;
  postedDate: string;
  /** Absolute image URLs, cover first. */
  images: string[];
  sellerName: string;
  /** A sold ad (issue 19) says SoldOut. */
  sold?: boolean;
};

/**
 * A negotiable ad (no price) still has an Offer, without `price`: saying 0 would be a false
 * price in search results.
 */
export function productLd(origin: string, ad: ProductAd) {
  const url = `${origin}/listing/${ad._id}`;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': url,
    name: ad.title,
    description: ad.description,
    sku: ad._id,
    category: ad.category,
    url,
    ...(ad.images.length ? { image: ad.images } : {}),
    offers: {
      '@type': 'Offer',
      url,
      ...(ad.price ? { price: String(ad.price) } : {}),
      priceCurrency: ad.currency,
      availability: ad.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      availableAtOrFrom: { '@type': 'Place', name: ad.location },
      validFrom: ad.postedDate,
      seller: { '@type': 'Person', name: ad.sellerName || 'Soko seller' },
    },
  };
}
