import { Form, Link } from 'react-router';
import { nairobiDate } from '#kernel/format.ts';
import { REVIEW_OUTCOMES, REVIEW_REPLY_MAX, REVIEW_REPORT_DETAILS_MAX, REVIEW_REPORT_REASONS, type PublicReview as Review, type ReviewOutcome } from '#kernel/review-rules.ts';
import {
  byAboutAfter,
  byAboutBefore,
  chooseReason,
  detailsOptional,
  edited,
  newerReviews,
  ofFiveAfter,
  ofFiveBefore,
  olderReviews,
  pageBefore,
  pageOf,
  publishReply,
  replyFromBefore,
  reportReview,
  reviewsOfBefore,
  reviewsPages,
  sendReport,
  why,
  yourReply,
} from '#messages/reviews.ts';


type Props = {
  sellerName: string;
  reviews: { rating: number | null; count: number; page: number; pageCount: number; items: Review[] };
  /** "4.3 out of 5 (12 reviews)" or "No reviews yet", as the loader wrote it (kernel/rating-text.ts). */
  ratingLabel: string;
  /** The seller looks at their own page: a reply form under each review without one, and Report. */
  ownPage: boolean;
  search: string;
  /** What the last reply or report did, for the review it was about. */
  result: { reviewId: string; ok: boolean; message: string } | null;
};

const outcomeLabel = (o: ReviewOutcome) => REVIEW_OUTCOMES.find((x) => x.value === o)?.label ?? o;

function reviewsPageSearch(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('reviews');
  else params.set('reviews', String(page));
  const query = params.toString();
  return `${query ? `?${query}` : '?'}#reviews`;
}

/**
 * The seller page's reviews (issue 44): average and count, then the reviews newest first, ten a
 * page, each with the seller's one public reply. Plain forms for the reply and reports.
 */
export function SellerReviews({ sellerName, reviews, ratingLabel, ownPage, search, result }: Props) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
      <h2 id="reviews-heading" className="text-lg font-bold">
        {reviewsOfBefore}
        {sellerName}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300" data-testid="reviews-summary">
        {ratingLabel}
      </p>
      {reviews.items.length > 0 && (
        <ol className="mt-3 flex flex-col gap-3" aria-label={`${reviewsOfBefore}${sellerName}`}>
          {reviews.items.map((r) => (
            <li key={r.id} className="card p-4" data-testid="review">
              <p className="flex flex-wrap items-center gap-x-2">
                <StarsShown stars={r.stars} />
                <span className="text-sm font-semibold">{outcomeLabel(r.outcome)}</span>
              </p>
              {r.body && <p className="mt-2 whitespace-pre-line break-words">{r.body}</p>}
              <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
                {r.author}
                {byAboutBefore}
                {r.listingTitle}
                {byAboutAfter}
                <time dateTime={r.createdAt}>{nairobiDate(r.createdAt)}</time>
                {r.edited ? edited : ''}
              </p>
              {r.reply && (
                <div className="mt-3 border-l-4 border-brand-600 pl-3" data-testid="review-reply">
                  <p className="text-sm font-semibold">
                    {replyFromBefore}
                    {sellerName}
                  </p>
                  <p className="whitespace-pre-line break-words">{r.reply.body}</p>
                </div>
              )}
              {result?.reviewId === r.id && (
                <p role={result.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${result.ok ? 'text-green-800 dark:text-green-300' : 'text-red-700 dark:text-red-400'}`}>
                  {result.message}
                </p>
              )}
              {ownPage && !r.reply && <ReplyForm reviewId={r.id} />}
              {(ownPage || r.mine) && <ReportForm reviewId={r.id} />}
            </li>
          ))}
        </ol>
      )}
      {reviews.pageCount > 1 && (
        <nav aria-label={reviewsPages} className="mt-4 flex items-center justify-between gap-2">
          {reviews.page > 1 ? <Link to={reviewsPageSearch(search, reviews.page - 1)} className="btn-secondary">{newerReviews}</Link> : <span />}
          <p className="text-sm">
            {pageBefore}
            {reviews.page}
            {pageOf}
            {reviews.pageCount}
          </p>
          {reviews.page < reviews.pageCount ? <Link to={reviewsPageSearch(search, reviews.page + 1)} className="btn-secondary">{olderReviews}</Link> : <span />}
        </nav>
      )}
    </section>
  );
}

/** A review's stars as text a screen reader reads once ("4 of 5 stars"), drawn as stars. */
function StarsShown({ stars }: { stars: number }) {
  return (
    <span role="img" aria-label={`${ofFiveBefore}${stars}${ofFiveAfter}`} className="text-amber-500">
      {'★'.repeat(stars)}
      <span className="text-gray-300 dark:text-gray-600">{'★'.repeat(5 - stars)}</span>
    </span>
  );
}

function ReplyForm({ reviewId }: { reviewId: string }) {
  const id = `reply-${reviewId}`;
  return (
    <Form method="post" preventScrollReset className="mt-3 flex flex-col gap-2">
      <input type="hidden" name="review" value={reviewId} />
      <label htmlFor={id} className="label">{yourReply}</label>
      <textarea id={id} name="body" rows={2} maxLength={REVIEW_REPLY_MAX} required className="input" />
      <button type="submit" name="intent" value="reply" className="btn-secondary self-start">{publishReply}</button>
    </Form>
  );
}

function ReportForm({ reviewId }: { reviewId: string }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700 underline dark:text-brand-100">{reportReview}</summary>
      <Form method="post" preventScrollReset className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="review" value={reviewId} />
        <label htmlFor={`reason-${reviewId}`} className="label">{why}</label>
        <select id={`reason-${reviewId}`} name="reason" required className="input" defaultValue="">
          <option value="" disabled>{chooseReason}</option>
          {REVIEW_REPORT_REASONS.map((r) => (
            <option key={r.value} value={r.value}>{r.label}</option>
          ))}
        </select>
        <label htmlFor={`details-${reviewId}`} className="label">{detailsOptional}</label>
        <textarea id={`details-${reviewId}`} name="details" rows={2} maxLength={REVIEW_REPORT_DETAILS_MAX} className="input" />
        <button type="submit" name="intent" value="report-review" className="btn-secondary self-start">{sendReport}</button>
      </Form>
    </details>
  );
}
