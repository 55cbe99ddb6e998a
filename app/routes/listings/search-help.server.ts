import { groupDigits } from '#kernel/format.ts';
import { broaderLabel } from '#messages/browse.ts';
import type { SearchHelpData } from '~/components/listings/SearchHelp';
import type { Broader } from '../../../server/search/broader.ts';

/** The page's address with another search (and no page number); `asTyped` sets the flag that turns correction off (issue 42). */
function withSearch(current: URLSearchParams, search: string, asTyped: boolean): string {
  const params = new URLSearchParams(current);
  params.set('search', search);
  params.delete('page');
  if (asTyped) params.set('exact', '1');
  else params.delete('exact');
  return `/listings?${params.toString()}`;
}

/**
 * The address of the nearest broader search (server/search/broader.ts): the page's query without
 * its place (location, county, town), and for 'category' without its category, subcategory and
 * fields too; with the words searched.
 */
function broaderHref(current: URLSearchParams, drop: Broader['drop'], search: string): string {
  const params = new URLSearchParams(current);
  for (const name of ['location', 'county', 'town', 'page']) params.delete(name);
  if (drop === 'category') for (const name of [...params.keys()]) if (name === 'category' || name === 'subcategory' || name.startsWith('attr.')) params.delete(name);
  if (search) params.set('search', search);
  return `/listings?${params.toString()}`;
}

/** The texts and addresses the results page shows about its words (app/components/listings/SearchHelp.tsx). */
export function searchHelp(params: URLSearchParams, found: { correction?: { search: string; original: string }; didYouMean?: string }, broader: Broader | null, searched: string): SearchHelpData {
  const { correction, didYouMean } = found;
  return {
    correction: correction ? { ...correction, href: withSearch(params, correction.original, true) } : null,
    didYouMean: didYouMean ? { search: didYouMean, href: withSearch(params, didYouMean, false) } : null,
    broader: broader && {
      href: broaderHref(params, broader.drop, searched),
      label: broaderLabel({ n: broader.total, shown: `${groupDigits(broader.total)}${broader.capped ? '+' : ''}`, search: searched, anywhere: broader.drop === 'place' }),
    },
  };
}
