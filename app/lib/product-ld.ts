/**
 * An ad as a schema.org Product with an Offer (issue 17), apart from the browse pages' ItemList
 * and BreadcrumbList (structured-data.ts) so that those pages' script carries none of it.
 */
const CONTEXT = 'https://schema.org';

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
