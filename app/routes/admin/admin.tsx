import { Form, Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { MODERATION_REASON_MAX, STATUS_LABELS } from '#kernel/lifecycle-rules.ts';
import { REPORT_REASONS } from '#kernel/report-rules.ts';
import { requireAdmin } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { approveListing, banUser, hideListing, moderationLogEntries, moderationQueue, type LogEntry, type QueueItem } from '../../../server/moderation/moderation';
import { approveReview, rejectReview, restoreReview, reviewQueue, type ReviewQueueItem } from '../../../server/reviews/review-moderation';
import { REVIEW_OUTCOMES, REVIEW_REPORT_REASONS } from '#kernel/review-rules.ts';
import type { Route } from './+types/admin';

/*
 * The admin area (issue 19): the queue of reported and held ads, with Approve, Hide (with a
 * reason the seller sees) and Ban seller, and the audit log. Admins only, checked on the server
 * for the page and every action: anyone else gets 404. Plain forms: no JavaScript needed.
 */

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Moderation', 'Reported and held ads, and the moderation log.', { noindex: true });

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
      return { ok: true as const, message: 'Ad approved: it is public again.' };
    }
    if (intent === 'hide') {
      await hideListing(context, admin, id, form.get('reason'));
      return { ok: true as const, message: 'Ad hidden. Its seller sees your reason in Manage ads.' };
    }
    if (intent === 'approve-review') {
      await approveReview(context.db, admin, id);
      return { ok: true as const, message: 'Review published: it counts in the seller’s rating.' };
    }
    if (intent === 'reject-review') {
      await rejectReview(context.db, admin, id);
      return { ok: true as const, message: 'Review hidden: off the seller’s page and rating.' };
    }
    if (intent === 'restore-review') {
      await restoreReview(context.db, admin, id);
      return { ok: true as const, message: 'Review restored: it counts in the seller’s rating again.' };
    }
    if (intent === 'ban') {
      const { hiddenAds } = await banUser(context, admin, id, form.get('reason'));
      return { ok: true as const, message: `Account banned: signed out everywhere, ${hiddenAds} ad${hiddenAds === 1 ? '' : 's'} hidden.` };
    }
  } catch (error) {
    return failureData(error, (e) => ({ ok: false as const, message: e.message }));
  }
  return { ok: false as const, message: 'Unknown action.' };
}

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;
const when = (at: string) => new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' }).format(new Date(at));

const ACTION_LABELS: Record<LogEntry['action'], string> = {
  approve: 'Approved ad',
  hide: 'Hid ad',
  ban: 'Banned account',
  auto_hold: 'Held ad (automatic)',
  resubmit: 'Resubmitted ad',
  approve_review: 'Approved review',
  hide_review: 'Hid review',
  restore_review: 'Restored review',
};

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, log, reviews } = loaderData;
  return (
    <section className="flex flex-col gap-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Moderation</h1>
      <p className="text-sm">
        <Link to="/admin/conversations" className="font-semibold text-brand-700 underline dark:text-brand-100">Reported conversations</Link>
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
          Queue ({queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="mt-2 text-gray-600 dark:text-gray-400">Nothing to review.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-4" aria-label="Ads to review">
            {queue.map((item) => (
              <QueueCard key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reviews-queue-heading">
        <h2 id="reviews-queue-heading" className="text-xl font-bold">
          Reviews to check ({reviews.length})
        </h2>
        {reviews.length === 0 ? (
          <p className="mt-2 text-gray-600 dark:text-gray-400">No held or reported reviews.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-4" aria-label="Reviews to check">
            {reviews.map((item) => (
              <ReviewQueueCard key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-bold">
          Moderation log
        </h2>
        {log.length === 0 ? (
          <p className="mt-2 text-gray-600 dark:text-gray-400">No actions yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="moderation-log">
              <thead>
                <tr className="border-b border-gray-200 dark:border-gray-700">
                  <th scope="col" className="py-2 pr-3">When</th>
                  <th scope="col" className="py-2 pr-3">Who</th>
                  <th scope="col" className="py-2 pr-3">What</th>
                  <th scope="col" className="py-2 pr-3">Why</th>
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
                          <button type="submit" name="intent" value="restore-review" className="btn-secondary px-2 py-1 text-xs" aria-label={`Restore ${entry.subject}`}>Restore</button>
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
          {STATUS_LABELS[item.status]} · seller {item.seller.name} (@{item.seller.username}, {item.seller.email}){item.seller.banned ? ' · banned' : ''}
        </p>
        {item.attention && <p className="mt-1 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="queue-attention">{item.attention}</p>}
        {item.moderationReason && <p className="mt-1 text-sm">Note: {item.moderationReason}</p>}
      </div>
      {item.reports.length > 0 && (
        <div>
          <p className="text-sm font-semibold">
            {item.reports.length} report{item.reports.length === 1 ? '' : 's'}
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
          <button type="submit" name="intent" value="approve" className="btn-primary" aria-label={`Approve ${item.title}`}>Approve</button>
        </Form>
        <Form method="post" className="flex flex-col gap-1">
          <input type="hidden" name="id" value={item.id} />
          <label htmlFor={hideId} className="text-sm font-medium">Reason for hiding (the seller sees it)</label>
          <div className="flex gap-2">
            <input id={hideId} name="reason" className="input" required maxLength={MODERATION_REASON_MAX} />
            <button type="submit" name="intent" value="hide" className="btn-secondary" aria-label={`Hide ${item.title}`}>Hide</button>
          </div>
        </Form>
        {!item.seller.banned && (
          <Form method="post" className="flex flex-col gap-1">
            <input type="hidden" name="id" value={item.seller.id} />
            <label htmlFor={banId} className="text-sm font-medium">Reason for banning the seller</label>
            <div className="flex gap-2">
              <input id={banId} name="reason" className="input" required maxLength={MODERATION_REASON_MAX} />
              <button type="submit" name="intent" value="ban" className="btn-danger" aria-label={`Ban seller ${item.seller.name}`}>Ban seller</button>
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
  const label = `review by ${item.author.name} of ${item.seller.name}`;
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="review-queue-item">
      <p className="font-semibold">
        {item.stars} of 5 · {outcomeLabel(item.outcome)} · about <Link to={`/listing/${item.listingId}`} className="underline">{item.listingTitle}</Link>
      </p>
      {item.body && <p className="whitespace-pre-line break-words">{item.body}</p>}
      <p className="text-sm text-gray-600 dark:text-gray-400">
        By {item.author.name} ({item.author.email}) of seller <Link to={`/seller/${item.seller.username}`} className="underline">{item.seller.name}</Link>
        {item.status === 'held' ? ' · held' : ' · published'}
      </p>
      {item.heldReason && <p className="text-sm font-semibold text-red-700 dark:text-red-300">{item.heldReason}</p>}
      {item.reports.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {item.reports.map((r, i) => (
            <li key={i} className="break-words">
              Reported by the {r.by}: {reviewReasonLabel(r.reason)}
              {r.details ? `: ${r.details}` : ''} <span className="text-gray-600 dark:text-gray-400">({when(r.at)})</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" name="intent" value="approve-review" className="btn-primary" aria-label={`Approve ${label}`}>Approve</button>
        <button type="submit" name="intent" value="reject-review" className="btn-secondary" aria-label={`Reject ${label}`}>Reject</button>
      </Form>
    </li>
  );
}
