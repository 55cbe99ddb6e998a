import { redirect } from 'react-router';
import { requireAuth } from '../../../server/http/guards';
import { asPageError } from '../../../server/http/page-errors';
import { visitSavedSearch } from '../../../server/saved/saved-searches';
import type { Route } from './+types/open-search';

/**
 * A saved search opened from Saved searches: its "new" count starts again from now, and the
 * results page opens. Only the owner's own searches (anything else is 404).
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  let href: string;
  try {
    href = await visitSavedSearch(context.db, auth.user.id, params.id);
  } catch (error) {
    throw asPageError(error);
  }
  throw redirect(href, { headers: { 'Cache-Control': 'private, no-store' } });
}
