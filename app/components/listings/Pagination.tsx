import { Link } from 'react-router';
import { pageSearch } from './browse';

type Props = {
  page: number;
  pageCount: number;
  /** The count stopped at the cap: there may be more pages than we know of. */
  capped?: boolean;
  /** The current query string, kept on every page link. */
  search: string;
};

/** Previous / Next links and "Page x of y", plain links so they work before JavaScript. */
export function Pagination({ page, pageCount, capped = false, search }: Props) {
  if (pageCount <= 1 && page <= 1) return null;
  const hasNext = page < pageCount;
  const link = 'btn-secondary';
  const off = 'btn-secondary pointer-events-none opacity-50';
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={pageSearch(search, page - 1)} rel="prev" className={link}>Previous</Link>
      ) : (
        <span aria-disabled="true" className={off}>Previous</span>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300" aria-current="page">
        Page {page} of {pageCount}
        {capped ? '+' : ''}
      </p>
      {hasNext ? (
        <Link to={pageSearch(search, page + 1)} rel="next" className={link}>Next</Link>
      ) : (
        <span aria-disabled="true" className={off}>Next</span>
      )}
    </nav>
  );
}
