import { Form, Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { MODERATION_REASON_MAX, STATUS_LABELS } from '#kernel/lifecycle-rules.ts';
import { REPORT_REASONS } from '#kernel/report-rules.ts';
import { requireAdmin } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { approveListing, banUser, hideListing, moderationLogEntries, moderationQueue, type LogEntry, type QueueItem } from '../../../server/moderation/moderation';
import { approveReview, rejectReview, restoreReview, reviewQueue, type ReviewQueueItem } from '../../../server/reviews/review-moderation';
import { REVIEW_OUTCOMES, REVIEW_REPORT_REASONS } from '#kernel/review-rules.ts';
import { htmlLang } from '#messages/common.ts';
import { about, accountBanned, adApproved, adHidden, adsToReview, approve, banReason, banSeller, banned, byBefore, description, held, hide, hideReason, logApprove, logApproveReview, logAutoHold, logBan, logHide, logHideReview, logRestoreReview, logResubmit, moderationLog, noActions, noReviews, noteBefore, nothingToReview, ofSeller, published, queueBefore, reject, reportedBy, reportedConversations, reports, restore, reviewHidden, reviewLabel, reviewPublished, reviewRestored, reviewsToCheck, reviewsToCheckBefore, sellerBefore, starsOf, title, unknownAction, colWhat, colWhen, colWho, colWhy } from '#messages/admin.ts';
import type { Route } from './+types/admin';

/*
 * The admin area (issue 19): the queue of reported and held ads, with Approve, Hide (with a
 * reason the seller sees) and Ban seller, and the audit log. Admins only, checked on the server
 * for the page and every action: anyone else gets 404. Plain forms: no JavaScript needed.
 */

export const meta: Route.MetaFunction = (args) => pageMeta(args, title, description, { noindex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context.auth, url);
  const [queue, log, reviews] = await Promise.all([moderationQueue(context), moderationLogEntries(context.db), reviewQueue(context.db)]);
  return { queue, log, reviews };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const admin = requireAdmin(context.auth, url).user;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  try {
    if (intent === 'approve') {
      await approveListing(context, admin, id);
      return { ok: true as const, message: adApproved };
    }
    if (intent === 'hide') {
      await hideListing(context, admin, id, form.get('reason'));
      return { ok: true as const, message: adHidden };
    }
    if (intent === 'approve-review') {
      await approveReview(context.db, admin, id);
      return { ok: true as const, message: reviewPublished };
    }
    if (intent === 'reject-review') {
      await rejectReview(context.db, admin, id);
      return { ok: true as const, message: reviewHidden };
    }
    if (intent === 'restore-review') {
      await restoreReview(context.db, admin, id);
      return { ok: true as const, message: reviewRestored };
    }
    if (intent === 'ban') {
      const { hiddenAds } = await banUser(context, admin, id, form.get('reason'));
      return { ok: true as const, message: accountBanned({ n: hiddenAds }) };
    }
  } catch (error) {
    return failureData(error, (e) => ({ ok: false as const, message: e.message }));
  }
  return { ok: false as const, message: unknownAction };
}

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;
const when = (at: string) => new Intl.DateTimeFormat(htmlLang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' }).format(new Date(at));

const ACTION_LABELS: Record<LogEntry['action'], string> = {
  approve: logApprove,
  hide: logHide,
  ban: logBan,
  auto_hold: logAutoHold,
  resubmit: logResubmit,
  approve_review: logApproveReview,
  hide_review: logHideReview,
  restore_review: logRestoreReview,
};

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, log, reviews } = loaderData;
  return (
    <section className="flex flex-col gap-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
      <p className="text-sm">
        <Link to="/admin/conversations" className="font-semibold text-brand-700 underline dark:text-brand-100">{reportedConversations}</Link>
      </p>
      {actionData && (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`rounded-lg border-l-4 px-4 py-3 ${actionData.ok ? 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100' : 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'}`}
        >
          {actionData.message}
        </p>
      )}
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="text-xl font-bold">
          {queueBefore}{queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="mt-2 text-gray-600 dark:text-gray-400">{nothingToReview}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-4" aria-label={adsToReview}>
            {queue.map((item) => (
              <QueueCard key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reviews-queue-heading">
        <h2 id="reviews-queue-heading" className="text-xl font-bold">
          {reviewsToCheckBefore}{reviews.length})
        </h2>
        {reviews.length === 0 ? (
          <p className="mt-2 text-gray-600 dark:text-gray-400">{noReviews}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-4" aria-label={reviewsToCheck}>
            {reviews.map((item) => (
              <ReviewQueueCard key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-bold">
          {moderationLog}
        </h2>
        {log.length === 0 ? (
          <p className="mt-2 text-gray-600 dark:text-gray-400">{noActions}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="moderation-log">
              <thead>
                <tr className="border-b border-gray-200 dark:border-gray-700">
                  <th scope="col" className="py-2 pr-3">{colWhen}</th>
                  <th scope="col" className="py-2 pr-3">{colWho}</th>
                  <th scope="col" className="py-2 pr-3">{colWhat}</th>
                  <th scope="col" className="py-2 pr-3">{colWhy}</th>
                </tr>
              </thead>
              <tbody>
                {log.map((entry) => (
                  <tr key={entry.id} className="border-b border-gray-100 align-top dark:border-gray-800">
                    <td className="py-2 pr-3 whitespace-nowrap"><time dateTime={entry.at}>{when(entry.at)}</time></td>
                    <td className="py-2 pr-3 break-words">{entry.actor}</td>
                    <td className="py-2 pr-3 break-words">
                      {ACTION_LABELS[entry.action]}: {entry.listingId ? <Link to={`/listing/${entry.listingId}`} className="underline">{entry.subject}</Link> : entry.subject}
                    </td>
                    <td className="py-2 pr-3 break-words">
                      {entry.reason || '—'}
                      {/* A hide by mistake is put right from here: the review queue no longer lists hidden reviews. */}
                      {entry.action === 'hide_review' && entry.reviewId && (
                        <Form method="post" className="mt-1">
                          <input type="hidden" name="id" value={entry.reviewId} />
                          <button type="submit" name="intent" value="restore-review" className="btn-secondary px-2 py-1 text-xs" aria-label={`${restore} ${entry.subject}`}>{restore}</button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const hideId = `hide-reason-${item.id}`;
  const banId = `ban-reason-${item.id}`;
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="queue-item">
      <div>
        <h3 className="break-words text-lg font-semibold">
          <Link to={`/listing/${item.id}`} className="text-brand-700 underline dark:text-brand-100">{item.title}</Link>
        </h3>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {STATUS_LABELS[item.status]}{sellerBefore}{item.seller.name} (@{item.seller.username}, {item.seller.email}){item.seller.banned ? banned : ''}
        </p>
        {item.attention && <p className="mt-1 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="queue-attention">{item.attention}</p>}
        {item.moderationReason && <p className="mt-1 text-sm">{noteBefore}{item.moderationReason}</p>}
      </div>
      {item.reports.length > 0 && (
        <div>
          <p className="text-sm font-semibold">
            {reports({ n: item.reports.length })}
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {item.reports.map((r, i) => (
              <li key={i} className="break-words">
                {reasonLabel(r.reason)}
                {r.details ? `: ${r.details}` : ''} <span className="text-gray-600 dark:text-gray-400">({when(r.at)})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="approve" className="btn-primary" aria-label={`${approve} ${item.title}`}>{approve}</button>
        </Form>
        <Form method="post" className="flex flex-col gap-1">
          <input type="hidden" name="id" value={item.id} />
          <label htmlFor={hideId} className="text-sm font-medium">{hideReason}</label>
          <div className="flex gap-2">
            <input id={hideId} name="reason" className="input" required maxLength={MODERATION_REASON_MAX} />
            <button type="submit" name="intent" value="hide" className="btn-secondary" aria-label={`${hide} ${item.title}`}>{hide}</button>
          </div>
        </Form>
        {!item.seller.banned && (
          <Form method="post" className="flex flex-col gap-1">
            <input type="hidden" name="id" value={item.seller.id} />
            <label htmlFor={banId} className="text-sm font-medium">{banReason}</label>
            <div className="flex gap-2">
              <input id={banId} name="reason" className="input" required maxLength={MODERATION_REASON_MAX} />
              <button type="submit" name="intent" value="ban" className="btn-danger" aria-label={`${banSeller} ${item.seller.name}`}>{banSeller}</button>
            </div>
          </Form>
        )}
      </div>
    </li>
  );
}

const outcomeLabel = (value: string) => REVIEW_OUTCOMES.find((o) => o.value === value)?.label ?? value;
const reviewReasonLabel = (value: string) => REVIEW_REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/** A held or reported review (issue 44): Approve publishes it (and clears reports), Reject hides it. */
function ReviewQueueCard({ item }: { item: ReviewQueueItem }) {
  const label = reviewLabel({ author: item.author.name, seller: item.seller.name });
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="review-queue-item">
      <p className="font-semibold">
        {item.stars}{starsOf}{outcomeLabel(item.outcome)}{about}<Link to={`/listing/${item.listingId}`} className="underline">{item.listingTitle}</Link>
      </p>
      {item.body && <p className="whitespace-pre-line break-words">{item.body}</p>}
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {byBefore}{item.author.name} ({item.author.email}{ofSeller}<Link to={`/seller/${item.seller.username}`} className="underline">{item.seller.name}</Link>
        {item.status === 'held' ? held : published}
      </p>
      {item.heldReason && <p className="text-sm font-semibold text-red-700 dark:text-red-300">{item.heldReason}</p>}
      {item.reports.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {item.reports.map((r, i) => (
            <li key={i} className="break-words">
              {reportedBy({ by: r.by })}{reviewReasonLabel(r.reason)}
              {r.details ? `: ${r.details}` : ''} <span className="text-gray-600 dark:text-gray-400">({when(r.at)})</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" name="intent" value="approve-review" className="btn-primary" aria-label={`${approve} ${label}`}>{approve}</button>
        <button type="submit" name="intent" value="reject-review" className="btn-secondary" aria-label={`${reject} ${label}`}>{reject}</button>
      </Form>
    </li>
  );
}
