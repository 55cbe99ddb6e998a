import { Form, Link, redirect } from 'react-router';
import { StarsInput } from '~/components/reviews/StarsInput';
import { nairobiDate } from '#kernel/format.ts';
import { REVIEW_EDIT_DAYS, REVIEW_MESSAGES as M, REVIEW_OUTCOMES, REVIEW_TEXT_MAX } from '#kernel/review-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { asPageError, failureData } from '../../../server/http/page-errors';
import { reviewEligibility, submitReview } from '../../../server/reviews/reviews';
import {
  aboutBetween,
  changeForAfter,
  changeForBefore,
  changeUntilAfter,
  changeUntilBefore,
  dealQuestion,
  heldNote,
  publishReview,
  reviewHeading,
  reviewTitle,
  saveChanges,
  seeReviews,
  upToAfter,
  upToBefore,
  yourReview,
} from '#messages/reviews.ts';
import type { Route } from './+types/review';

/*
 * Reviewing an ad's seller (issue 44): the form, or why the signed-in user may not (no
 * conversation about the ad, the seller never answered, their own ad, too late to change).
 * Plain form: it works without JavaScript; the stars are a radio group.
 */

const SAVED: Record<string, string> = { published: M.published, held: M.held, updated: M.updated };

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  try {
    const eligibility = await reviewEligibility(context.db, auth.user.id, params.id);
    return { eligibility, saved: SAVED[url.searchParams.get('saved') ?? ''] ?? null };
  } catch (error) {
    throw asPageError(error);
  }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  const form = await request.formData();
  const input = { stars: form.get('stars') ?? undefined, outcome: form.get('outcome') ?? undefined, body: form.get('body') ?? '' };
  try {
    const result = await submitReview(context.db, auth.user.id, params.id, input);
    const saved = !result.created ? 'updated' : result.review.status === 'held' ? 'held' : 'published';
    return redirect(`/listing/${params.id}/review?saved=${saved}`);
  } catch (error) {
    return failureData(error, (failure) => ({
      error: failure.message,
      fields: Object.fromEntries((failure.errors ?? []).map((e) => [e.path, e.msg])) as Record<string, string>,
      values: { stars: Number(input.stars) || undefined, outcome: String(input.outcome ?? ''), body: String(input.body) },
    }));
  }
}

export const meta: Route.MetaFunction = () => [{ title: reviewTitle }, { name: 'robots', content: 'noindex' }];

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { eligibility: e, saved } = loaderData;
  const failed = actionData && 'error' in actionData ? actionData : null;
  const values = failed?.values ?? (e.review ? { stars: e.review.stars, outcome: e.review.outcome, body: e.review.body } : { stars: undefined, outcome: '', body: '' });
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{reviewHeading}</h1>
      <p>
        <Link to={`/seller/${e.seller.username}`} className="font-semibold text-brand-700 underline dark:text-brand-100">{e.seller.name}</Link>
        {aboutBetween}{' '}
        <Link to={`/listing/${e.listingId}`} className="font-semibold text-brand-700 underline dark:text-brand-100">{e.listingTitle}</Link>
      </p>
      {saved && (
        <p role="status" className="rounded-lg border-l-4 border-green-600 bg-green-50 px-4 py-3 text-green-900 dark:bg-green-950 dark:text-green-100" data-testid="review-saved">
          {saved}{' '}
          <Link to={`/seller/${e.seller.username}#reviews`} className="font-semibold underline">{seeReviews}</Link>
        </p>
      )}
      {!e.allowed ? (
        <p role="alert" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="review-refused">
          {e.reason}
        </p>
      ) : (
        <Form method="post" className="card flex flex-col gap-4 p-4" noValidate>
          {failed && !failed.fields.stars && !failed.fields.outcome && !failed.fields.body && <p role="alert" className="field-error">{failed.error}</p>}
          {e.review?.status === 'held' && <p className="text-sm">{heldNote}</p>}
          <StarsInput defaultValue={values.stars} error={failed?.fields.stars} />
          <fieldset aria-describedby={failed?.fields.outcome ? 'outcome-error' : undefined}>
            <legend className="label">{dealQuestion}</legend>
            <div className="flex flex-wrap gap-4">
              {REVIEW_OUTCOMES.map((o) => (
                <label key={o.value} className="flex min-h-11 items-center gap-2">
                  <input type="radio" name="outcome" value={o.value} defaultChecked={values.outcome === o.value} required />
                  {o.label}
                </label>
              ))}
            </div>
            {failed?.fields.outcome && <p id="outcome-error" className="field-error">{failed.fields.outcome}</p>}
          </fieldset>
          <div>
            <label htmlFor="review-body" className="label">{yourReview}</label>
            <textarea
              id="review-body"
              name="body"
              rows={4}
              maxLength={REVIEW_TEXT_MAX}
              defaultValue={values.body}
              className="input"
              aria-invalid={failed?.fields.body ? true : undefined}
              aria-describedby="review-body-hint"
            />
            <p id="review-body-hint" className="mt-1 text-sm text-gray-600 dark:text-gray-400">
              {upToBefore}
              {REVIEW_TEXT_MAX}
              {upToAfter}
            </p>
            {failed?.fields.body && <p className="field-error">{failed.fields.body}</p>}
          </div>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {e.review ? `${changeUntilBefore}${nairobiDate(e.review.editableUntil)}${changeUntilAfter}` : `${changeForBefore}${REVIEW_EDIT_DAYS}${changeForAfter}`}
          </p>
          <button type="submit" className="btn-primary self-start">{e.review ? saveChanges : publishReview}</button>
        </Form>
      )}
    </section>
  );
}
