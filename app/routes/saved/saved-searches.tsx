import { data, Form, Link, useLocation, useNavigation } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { ALERT_FREQUENCIES, FREQUENCY_LABELS, MAX_SAVED_SEARCHES, NEW_COUNT_CAP, SAVED_SEARCH_MESSAGES } from '#kernel/saved-search-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { deleteSavedSearch, listSavedSearches, parseFrequency, setAlertFrequency, type SavedSearch } from '../../../server/saved/saved-searches';
import {
  alertsForBefore,
  browseAllListings,
  deleteLabel,
  emailAlerts,
  newCountAfter,
  newCountBefore,
  newCountEnd,
  newCountMany,
  newCountOne,
  noNewAds,
  noSavedSearches,
  savedSearches,
  searchesCountAfter,
  searchesCountBefore,
  searchesCountOf,
  savedSearchesDescription,
  saveThisSearch,
  searchThenTapAfter,
  searchThenTapBefore,
  update,
  updateAlertsForBefore,
} from '#messages/saved.ts';
import type { Route } from './+types/saved-searches';

/*
 * Saved searches, at the specification's /my-alerts (its sample alerts page, replaced; issue 18).
 * Each search: its name in words, a link that runs it (and resets its "new" count), the ads
 * posted since the last visit, how it alerts (off, instant, daily digest) and Delete. Plain
 * forms: everything works without JavaScript.
 */

export const meta: Route.MetaFunction = (args) => pageMeta(args, savedSearches, savedSearchesDescription, { noindex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const params = url.searchParams;
  const searches = await listSavedSearches(context.db, auth.user.id);
  return data(
    { searches, justSaved: params.get('saved'), full: params.get('full') === '1' },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const intent = form.get('intent');
  try {
    if (intent === 'delete') {
      await deleteSavedSearch(context, auth.user.id, id);
      return { ok: true as const, message: SAVED_SEARCH_MESSAGES.deleted };
    }
    await setAlertFrequency(context, auth.user.id, id, parseFrequency(form.get('frequency')));
    return { ok: true as const, message: SAVED_SEARCH_MESSAGES.frequency };
  } catch (error) {
    return failureData(error, (failure) => ({ ok: false as const, message: failure.message }));
  }
}

function newText(n: number): string {
  if (n === 0) return noNewAds;
  return `${newCountBefore}${n > NEW_COUNT_CAP ? `${NEW_COUNT_CAP}+` : n}${newCountAfter}${n === 1 ? newCountOne : newCountMany}${newCountEnd}`;
}

function SearchItem({ search, highlight, busy }: { search: SavedSearch; highlight: boolean; busy: boolean }) {
  const selectId = `frequency-${search.id}`;
  return (
    <li className={`card flex flex-col gap-3 p-4 ${highlight ? 'ring-2 ring-brand-600' : ''}`} data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-base font-semibold sm:text-lg">
          <Link to={`/saved-searches/${search.id}`} className="text-brand-700 underline dark:text-brand-100">{search.label}</Link>
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${search.newCount ? 'bg-accent-500 text-gray-950' : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300'}`}
          data-testid="new-count"
        >
          {newText(search.newCount)}
        </span>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="frequency" />
          <input type="hidden" name="id" value={search.id} />
          <div>
            <label htmlFor={selectId} className="label">
              {emailAlerts}
              <span className="sr-only">
                {alertsForBefore}
                {search.label}
              </span>
            </label>
            <select id={selectId} name="frequency" defaultValue={search.frequency} key={search.frequency} className="input">
              {ALERT_FREQUENCIES.map((f) => (
                <option key={f} value={f}>{FREQUENCY_LABELS[f]}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            {update}
            <span className="sr-only">
              {updateAlertsForBefore}
              {search.label}
            </span>
          </button>
        </Form>
        <Form method="post" className="ml-auto">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={search.id} />
          <button type="submit" className="btn-secondary text-red-700 dark:text-red-300" disabled={busy}>
            {deleteLabel}
            <span className="sr-only"> {search.label}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, justSaved, full } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === 'submitting' && navigation.formAction === location.pathname;
  const notice = actionData?.message ?? (full ? SAVED_SEARCH_MESSAGES.full : justSaved && searches.some((s) => s.id === justSaved) ? SAVED_SEARCH_MESSAGES.savedHere : null);
  const failed = actionData ? !actionData.ok : full;
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{savedSearches}</h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400" data-testid="saved-searches-total">
        {searches.length === 0 ? noSavedSearches : `${searchesCountBefore}${searches.length}${searchesCountOf}${MAX_SAVED_SEARCHES}${searchesCountAfter}`}
      </p>
      {notice && (
        <p role={failed ? 'alert' : 'status'} className={`mt-3 rounded-lg border-l-4 px-4 py-3 text-sm font-medium ${failed ? 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' : 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100'}`}>
          {notice}
        </p>
      )}
      {searches.length === 0 ? (
        <p className="mt-6">
          {searchThenTapBefore}
          <strong>{saveThisSearch}</strong>
          {searchThenTapAfter}{' '}
          <Link to="/listings" className="font-semibold text-brand-700 underline dark:text-brand-100">{browseAllListings}</Link>
        </p>
      ) : (
        <ul aria-label={savedSearches} className="mt-5 flex flex-col gap-3">
          {searches.map((s) => (
            <SearchItem key={s.id} search={s} highlight={s.id === justSaved} busy={busy} />
          ))}
        </ul>
      )}
    </section>
  );
}
