import { data, redirect } from 'react-router';
import { SaveFailed } from '~/components/SaveFailed';
import { SAVED_MESSAGES } from '#kernel/saved-rules.ts';
import { requireAuth, safeRedirectPath } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { isUuid } from '../../../server/db/ids';
import { saveAd, unsaveAd } from '../../../server/saved/saved-ads';
import { clearPendingSaveCookie, pendingSave, pendingSaveCookie } from '../../../server/saved/pending-save';
import { adNotSaved, adNotSavedHint, listingNotFound, savedAds, savedAdsTitle } from '#messages/saved.ts';
import type { Route } from './+types/save';

/*
 * The one place Save buttons post to (app/components/listings/SaveButton.tsx). A plain form is
 * sent back to the page it came from (`back`, a path on our site only); the JavaScript fetcher
 * (js=1) gets { saved, message } and stays on its page.
 */

const backOf = (value: FormDataEntryValue | string | null, listingId: string) => safeRedirectPath(value, `/listing/${listingId}`);

/** The visitor signed in after tapping Save: finish that save, then back to the ad. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const back = backOf(url.searchParams.get('back'), params.id);
  const secure = context.config.secureCookies;
  if (pendingSave(request) !== params.id) throw redirect(back);
  try {
    await saveAd(context, auth.user.id, params.id);
  } catch (error) {
    // The ad went meanwhile, or a limit: the ad's page says what there is to say.
    context.logger.info({ reqId: context.requestId, err: error }, 'save after login not done');
  }
  throw redirect(back, { headers: { 'Set-Cookie': clearPendingSaveCookie(secure) } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isUuid(params.id)) throw data(listingNotFound, { status: 404 });
  const form = await request.formData();
  const intent = form.get('intent') === 'unsave' ? 'unsave' : 'save';
  const back = backOf(form.get('back'), params.id);
  const js = form.get('js') === '1';
  if (!context.auth) {
    // Sign in (or sign up) first, then GET /saved/:id finishes the save and comes back here.
    const next = `/saved/${params.id}?back=${encodeURIComponent(back)}`;
    const headers = intent === 'save' ? { 'Set-Cookie': pendingSaveCookie(params.id, context.config.secureCookies) } : undefined;
    throw redirect(`/auth/login?redirectTo=${encodeURIComponent(next)}`, { headers });
  }
  try {
    if (intent === 'save') await saveAd(context, context.auth.user.id, params.id);
    else await unsaveAd(context, context.auth.user.id, params.id);
  } catch (error) {
    return failureData(error, (failure) => ({ error: failure.message, back }));
  }
  if (js) return { saved: intent === 'save', message: intent === 'save' ? SAVED_MESSAGES.saved : SAVED_MESSAGES.removed };
  throw redirect(back);
}

export const meta: Route.MetaFunction = () => [{ title: savedAdsTitle }, { name: 'robots', content: 'noindex' }];

/** Shown only when a plain form's save failed (a limit, a deleted ad): the reason and the way back. */
export default function SaveAdFailed({ actionData }: Route.ComponentProps) {
  const failed = actionData && 'error' in actionData ? actionData : null;
  return <SaveFailed heading={adNotSaved} error={failed?.error} hint={adNotSavedHint} back={failed?.back} list={{ to: '/favourites', label: savedAds }} />;
}
