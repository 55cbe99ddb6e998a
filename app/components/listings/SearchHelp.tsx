import { Link } from 'react-router';
import type { SavedFilters } from '#kernel/saved-search-rules.ts';
import { didYouMean, searchInsteadFor, showingResultsFor } from '#messages/browse.ts';
import { SaveSearchButton } from './SaveSearchButton';

/*
 * What a results page says about the words it searched (issue 42): a spelling correction with a
 * way back to the words as typed, and, when nothing was found, a did-you-mean, the nearest
 * broader search with its count, and "Save this search" to be told when an ad appears. Plain
 * links and a plain form: all of it works without JavaScript. The loader writes the texts and
 * addresses (search-help.ts), so that this route's JavaScript stays small.
 */

export type SearchHelpData = {
  correction: { search: string; original: string; href: string } | null;
  didYouMean: { search: string; href: string } | null;
  broader: { label: string; href: string } | null;
};

/** "Showing results for samsung; search instead for samsnug". */
export function CorrectionNote({ correction: c }: { correction: NonNullable<SearchHelpData['correction']> }) {
  return (
    <p className="text-sm">
      {showingResultsFor}
      {c.search}
      {searchInsteadFor}{' '}
      <Link to={c.href} className="text-link">
        {c.original}
      </Link>
    </p>
  );
}

/** Help under "No listings found": each part only when it has something to offer. */
export function EmptySearchHelp({ help, filters, savedId }: { help: SearchHelpData; filters: SavedFilters; savedId: string | null }) {
  return (
    <div className="flex flex-col items-center gap-3 pb-10 text-center">
      {help.didYouMean && (
        <p>
          {didYouMean}{' '}
          <Link to={help.didYouMean.href} className="text-link">
            {help.didYouMean.search}
          </Link>
          ?
        </p>
      )}
      {help.broader && (
        <Link to={help.broader.href} className="text-link">
          {help.broader.label}
        </Link>
      )}
      <SaveSearchButton filters={filters} savedId={savedId} />
    </div>
  );
}
