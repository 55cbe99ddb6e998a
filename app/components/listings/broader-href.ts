/**
 * The address of the nearest broader search (server/search/broader.ts): the page's query without
 * its place (location, county, town), and for 'category' without its category, subcategory and
 * fields too; with the words searched, as the buyer's correction made them.
 */
export function broaderHref(current: URLSearchParams, drop: 'place' | 'category', search: string): string {
  const params = new URLSearchParams(current);
  for (const name of ['location', 'county', 'town', 'page']) params.delete(name);
  if (drop === 'category') {
    for (const name of [...params.keys()]) if (name === 'category' || name === 'subcategory' || name.startsWith('attr.')) params.delete(name);
  }
  if (search) params.set('search', search);
  return `/listings?${params.toString()}`;
}
