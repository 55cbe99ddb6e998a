import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { next, pageOfBefore, pageOfMiddle, pagination, previous } from '#messages/browse.ts';
import { pageSearch } from './browse';

/** The id of a results page's heading: pagination links end in #results, so a new page opens at its results. */
export const RESULTS_ID = 'results';

/**
 * With JavaScript, a new page of results (Next, Previous, a chip) is shown from its heading,
 * which takes the focus, so a screen reader says where the buyer is (issue 42, point 5);
 * without it, the links' #results fragment does the scrolling. Not on the first load.
 */
export function useResultsFocus(key: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.getElementById(RESULTS_ID);
    if (!heading || !window.location.hash.endsWith(`#${RESULTS_ID}`)) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [key]);
}

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
  const { pathname } = useLocation();
  if (pageCount <= 1 && page <= 1) return null;
  const hasNext = page < pageCount;
  const link = 'btn-secondary';
  const off = 'btn-secondary pointer-events-none opacity-50';
  return (
    <nav aria-label={pagination} className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={`${pathname}${pageSearch(search, page - 1)}#${RESULTS_ID}`} preventScrollReset rel="prev" className={link}>{previous}</Link>
      ) : (
        <span aria-disabled="true" className={off}>{previous}</span>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300" aria-current="page">
        {pageOfBefore}
        {page}
        {pageOfMiddle}
        {pageCount}
        {capped ? '+' : ''}
      </p>
      {hasNext ? (
        <Link to={`${pathname}${pageSearch(search, page + 1)}#${RESULTS_ID}`} preventScrollReset rel="next" className={link}>{next}</Link>
      ) : (
        <span aria-disabled="true" className={off}>{next}</span>
      )}
    </nav>
  );
}
