import { Link } from 'react-router';
import { groupDigits } from '#kernel/format.ts';
import type { SavedFilters } from '#kernel/saved-search-rules.ts';
import { SaveSearchButton } from './SaveSearchButton';

/*
 * What a results page says about the words it searched (issue 42): a spelling correction with a
 * way back to the words as typed, and, when nothing was found, a did-you-mean, the nearest
 * broader search with its count, and "Save this search" to be told when an ad appears. Plain
 * links and a plain form: all of it works without JavaScript.
 */

const linkClass = 'font-semibold text-brand-700 underline dark:text-brand-100';

/** The page's address with its search replaced (and the page number dropped); `asTyped` sets the flag that turns correction off. */
export function searchHref(current: string, search: string, asTyped: boolean): string {
  const params = new URLSearchParams(current);
  params.set('search', search);
  params.delete('page');
  if (asTyped) params.set('exact', '1');
  else params.delete('exact');
  return `/listings?${params.toString()}`;
}

/** "Showing results for samsung; search instead for samsnug". */
export function CorrectionNote({ correction, current }: { correction: { search: string; original: string }; current: string }) {
  return (
    <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="correction">
      Showing results for <strong>{correction.search}</strong>; search instead for{' '}
      <Link to={searchHref(current, correction.original, true)} className={linkClass}>
        {correction.original}
      </Link>
    </p>
  );
}

export type BroaderHelp = { href: string; total: number; capped: boolean; drop: 'place' | 'category' };

/** Help under "No listings found": each part only when it has something to offer. */
export function EmptySearchHelp(props: { current: string; search: string; didYouMean?: string | null; broader: BroaderHelp | null; filters: SavedFilters; savedId: string | null }) {
  const { current, search, didYouMean, broader, filters, savedId } = props;
  return (
    <div className="flex flex-col items-center gap-3 pb-10 text-center text-gray-700 dark:text-gray-300" data-testid="empty-help">
      {didYouMean && (
        <p>
          Did you mean{' '}
          <Link to={searchHref(current, didYouMean, false)} className={linkClass}>
            {didYouMean}
          </Link>
          ?
        </p>
      )}
      {broader && (
        <p>
          <Link to={broader.href} className={linkClass}>
            {groupDigits(broader.total)}
            {broader.capped ? '+' : ''} {broader.total === 1 ? 'ad' : 'ads'}
            {search ? ` for "${search}"` : ''} {broader.drop === 'place' ? 'anywhere in Kenya' : 'in all categories'}
          </Link>
        </p>
      )}
      <div className="flex flex-col items-center gap-2">
        <p>Save this search and we will tell you when a matching ad appears.</p>
        <SaveSearchButton filters={filters} savedId={savedId} />
      </div>
    </div>
  );
}
