import { redirect } from 'react-router';
import { SaveFailed } from '~/components/SaveFailed';
import { SAVED_SEARCH_MESSAGES, searchHref } from '#kernel/saved-search-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { clearPendingSearchCookie, isPendingSearch, pendingSearchCookie } from '../../../server/saved/pending-search';
import { savedFiltersOf, saveSearch } from '../../../server/saved/saved-searches';
import { savedSearches, savedSearchesTitle, searchNotSaved, searchNotSavedHint } from '#messages/saved.ts';
import type { Route } from './+types/save-search';

/*
 * The one place "Save this search" posts to (app/components/listings/SaveSearchButton.tsx).
 * A plain form goes on to Saved searches with the new search marked; the JavaScript fetcher
 * (js=1) gets { id, message } and stays on the results page. The filters are read by the one
 * parser of a listing query, as the results page read them.
 */

const formQuery = (form: FormData) => {
  const query = new URLSearchParams();
  for (const [k, v] of form) if (typeof v === 'string' && k !== 'js') query.append(k, v);
  return query;
};

/** The visitor signed in after tapping Save this search: save it (the cookie names the same filters), then Saved searches. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const filters = savedFiltersOf(url.searchParams, 'page');
  const secure = context.config.secureCookies;
  if (!isPendingSearch(request, filters)) throw redirect(searchHref(filters));
  const headers = { 'Set-Cookie': clearPendingSearchCookie(secure) };
  const saved = await saveSearch(context, auth.user.id, filters).catch((error: unknown) => {
    // A full list or a limit: Saved searches says what there is to say.
    context.logger.info({ reqId: context.requestId, err: error }, 'search save after login not done');
    return null;
  });
  throw redirect(saved ? `/my-alerts?saved=${saved.search.id}` : '/my-alerts?full=1', { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const js = form.get('js') === '1';
  const filters = savedFiltersOf(formQuery(form), 'page');
  if (!context.auth) {
    // Sign in (or sign up) first; then GET /saved-searches?<filters> saves it.
    const next = `/saved-searches${searchHref(filters).replace(/^\/listings/, '')}`;
    throw redirect(`/auth/login?redirectTo=${encodeURIComponent(next)}`, { headers: { 'Set-Cookie': pendingSearchCookie(filters, context.config.secureCookies) } });
  }
  let id: string;
  try {
    id = (await saveSearch(context, context.auth.user.id, filters)).search.id;
  } catch (error) {
    return failureData(error, (failure) => ({ error: failure.message, back: searchHref(filters) }));
  }
  if (js) return { id, message: SAVED_SEARCH_MESSAGES.saved };
  throw redirect(`/my-alerts?saved=${id}`);
}

export const meta: Route.MetaFunction = () => [{ title: savedSearchesTitle }, { name: 'robots', content: 'noindex' }];

/** Shown only when a plain form's save failed (the list is full, a limit): the reason and the ways on. */
export default function SaveSearchFailed({ actionData }: Route.ComponentProps) {
  const failed = actionData && 'error' in actionData ? actionData : null;
  return <SaveFailed heading={searchNotSaved} error={failed?.error} hint={searchNotSavedHint} back={failed?.back} list={{ to: '/my-alerts', label: savedSearches }} />;
}
