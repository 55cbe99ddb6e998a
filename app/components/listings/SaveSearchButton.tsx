import { useEffect, type FormEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import type { SavedFilters } from '#kernel/saved-search-rules.ts';
import { toast } from '~/lib/toast';
import { BASE } from '#messages/locale.ts';
import { saveThisSearch, searchSaved } from '#messages/browse.ts';

/** What POST /saved-searches answers a JavaScript submission (a plain form gets a redirect instead). */
export type SaveSearchResult = { id: string; message: string } | { error: string };

/**
 * "Save this search" on a results page. Without JavaScript it is a form: POST /saved-searches
 * saves the filters the page shows and opens Saved searches; a visitor goes through login first
 * and comes back with it saved. With JavaScript the same form goes by a fetcher: a toast
 * confirms and the button becomes a link to Saved searches.
 */
export function SaveSearchButton({ filters, savedId }: { filters: SavedFilters; savedId: string | null }) {
  const fetcher = useFetcher<SaveSearchResult>();
  const result = fetcher.data;
  const id = result && 'id' in result ? result.id : savedId;
  useEffect(() => {
    if (!result) return;
    if ('error' in result) toast.error(result.error);
    else toast.success(result.message);
  }, [result]);
  if (id) {
    return (
      <Link to="/my-alerts" className="btn-secondary whitespace-nowrap text-sm" data-testid="search-saved">
        <Bell filled />
        {searchSaved}
      </Link>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set('js', '1');
    void fetcher.submit(form, { method: 'post', action: '/saved-searches' });
  };
  return (
    <form method="post" action={`${BASE}/saved-searches`} onSubmit={submit}>
      {Object.entries(filters).map(([name, value]) =>
        value === undefined || value === null ? null : <input key={name} type="hidden" name={name} value={String(value)} />,
      )}
      <button type="submit" className="btn-secondary whitespace-nowrap text-sm" disabled={fetcher.state !== 'idle'}>
        <Bell filled={false} />
        {saveThisSearch}
      </button>
    </form>
  );
}

function Bell({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6">
      <path d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 13.5h13L15 10.7V7.5a5 5 0 0 0-5-5zM8 15.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

