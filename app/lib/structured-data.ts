/**
 * schema.org objects for the pages' JSON-LD (issue 17): a page of ads is an ItemList, and every
 * browse or ad page says where it sits (BreadcrumbList). An ad's Product is in product-ld.ts.
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
