import { useEffect, useRef } from 'react';
import { Form, Link, useFetcher, useNavigate, useSearchParams } from 'react-router';
import { canRenew, canUndoSold, expiryDate, LIFECYCLE_MESSAGES, SOLD_UNDO_DAYS, STATUS_LABELS } from '#kernel/lifecycle-rules.ts';
import { MESSAGES } from '#kernel/listing-rules.ts';
import { groupDigits } from '#kernel/format.ts';
import { ListingCard } from '~/components/listings/ListingCard';
import { FeatureAdButton } from '~/components/payments/FeatureAdButton';
import { requireAuth } from '../../../server/http/guards';
import { toast } from '~/lib/toast';
import { failureData } from '../../../server/http/page-errors';
import { ownerCardsPage } from '../../../server/listings/queries';
import { statsOfAds, type AdStats } from '../../../server/listings/ad-stats';
import { markListingSold, ownerAdStates, renewListing, undoListingSold } from '../../../server/listings/lifecycle';
import { resubmitListing } from '../../../server/moderation/moderation';
import { deleteListing } from '../../../server/listings/write';
import type { Route } from './+types/manage-ads';
import {
  areYouSure,
  cancel,
  continueLabel,
  createNewAd,
  del,
  deleteBefore,
  deleteFailedPrefix,
  deleteWarningAfter,
  deleteWarningBefore,
  deleting,
  edit,
  editBefore,
  editThenResubmit,
  heldExplained,
  lastSevenDays,
  manageTitle,
  markAsSold,
  markSoldQuestion,
  next,
  noAds,
  noAdsYet,
  on,
  pageBefore,
  pageOf,
  pagesOfYourAds,
  postAd,
  previous,
  reasonPrefix,
  renew,
  resubmit,
  showingBefore,
  showingOf,
  soldWarningAfter,
  soldWarningBefore,
  soldWarningMiddle,
  statMessages,
  statPhone,
  statSaves,
  statViews,
  stillAvailable,
  until,
  view,
  viewBefore,
  yourAds,
  yourAdsBefore,
} from '#messages/manage.ts';

export const meta: Route.MetaFunction = () => [{ title: manageTitle }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const { items: ads, total, page, pages, limit } = await ownerCardsPage(context.db, auth.user.id, Number(url.searchParams.get('page') ?? 1));
  const ids = ads.map((a) => a._id);
  // The page's states and figures: one query each for the whole page, not one per ad.
  const [states, stats] = await Promise.all([ownerAdStates(context.db, auth.user.id, ids), statsOfAds(context.db, ids)]);
  return { email: auth.user.email, ads, states, stats, paging: { total, page, pages, first: total === 0 ? 0 : (page - 1) * limit + 1 }, now: Date.now(), mpesa: !!context.payments?.mpesa };
}

/**
 * Delete (no intent), Renew, Mark as sold (after its confirmation, ?sold=<id>), Still available
 * (for 7 days after) and Resubmit: plain form posts; the server checks the ad is the user's own
 * and in a state that allows it.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const intent = String(form.get('intent') ?? 'delete');
  if (intent === 'renew' || intent === 'sold' || intent === 'unsold' || intent === 'resubmit') {
    try {
      if (intent === 'renew') await renewListing(context, id, auth.user.id);
      else if (intent === 'sold') await markListingSold(context, id, auth.user.id);
      else if (intent === 'unsold') await undoListingSold(context, id, auth.user.id);
      else await resubmitListing(context, auth.user, id);
    } catch (error) {
      return failureData(error, (e) => ({ ok: false as const, message: e.message }));
    }
    const messages = { renew: LIFECYCLE_MESSAGES.renewed, sold: LIFECYCLE_MESSAGES.sold, unsold: LIFECYCLE_MESSAGES.stillAvailable, resubmit: LIFECYCLE_MESSAGES.resubmitted };
    return { ok: true as const, message: messages[intent] };
  }
  try {
    await deleteListing(context, id, auth.user.id);
  } catch (error) {
    return failureData(error, (e) => ({ ok: false as const, message: `${deleteFailedPrefix}${e.message}` }));
  }
  return { ok: true as const, message: MESSAGES.deleted };
}

type State = Route.ComponentProps['loaderData']['states'][string];

/** The ad's state as the seller reads it: Active until …, Sold, Expired, Under review, or Hidden with the moderator's reason. */
function AdStateLine({ state }: { state: State }) {
  const tone =
    state.status === 'active'
      ? 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100'
      : state.status === 'hidden'
        ? 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'
        : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100';
  return (
    <div className="w-full text-xs" data-testid="ad-state">
      <p>
        <span className={`inline-block rounded-full px-2 py-0.5 font-semibold ${tone}`}>{STATUS_LABELS[state.status]}</span>{' '}
        {state.status === 'active' && <span className="text-gray-600 dark:text-gray-400">{until}{expiryDate(state.expiresAt)}</span>}
        {state.status === 'expired' && <span className="text-gray-600 dark:text-gray-400">{on}{expiryDate(state.expiresAt)}</span>}
      </p>
      {state.status === 'hidden' && state.moderationReason && (
        <p className="mt-1 break-words text-red-900 dark:text-red-200" data-testid="moderation-reason">
          {reasonPrefix}{state.moderationReason}
        </p>
      )}
      {state.status === 'hidden' && <p className="mt-1 text-gray-600 dark:text-gray-400">{editThenResubmit}</p>}
      {state.status === 'held' && <p className="mt-1 text-gray-600 dark:text-gray-400">{heldExplained}</p>}
    </div>
  );
}

/** One small POST form per action: it works without JavaScript. */
function StateAction({ id, intent, label, title, back }: { id: string; intent: 'renew' | 'unsold' | 'resubmit'; label: string; title: string; back: string }) {
  return (
    <Form method="post" action={back} preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className={iconButton} aria-label={`${label}: ${title}`}>
        {label}
      </button>
    </Form>
  );
}

const iconButton = 'btn-secondary px-3 py-1.5 text-xs';

const STAT_LABELS: Array<[keyof AdStats, string]> = [
  ['views', statViews],
  ['phoneReveals', statPhone],
  ['whatsappTaps', 'WhatsApp'],
  ['messages', statMessages],
  ['saves', statSaves],
];

/** How the ad does: each figure for the last 7 days, then in all; five narrow columns fit a 360 px card. */
function AdStatsRow({ stats }: { stats: AdStats }) {
  return (
    <div className="w-full text-xs" data-testid="ad-stats">
      <p className="text-gray-600 dark:text-gray-400">{lastSevenDays}</p>
      <dl className="mt-1 grid grid-cols-5 gap-0.5 text-center">
        {STAT_LABELS.map(([kind, label]) => (
          <div key={kind} className="min-w-0 rounded bg-gray-50 py-1 dark:bg-gray-800" data-stat={kind}>
            {/* 11 px and tight: "WhatsApp" and "Messages" fit a fifth of a 360 px card whole. */}
            <dt className="break-words text-[11px] tracking-tight text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="font-semibold tabular-nums">
              {groupDigits(stats[kind].recent)}
              <span className="font-normal text-gray-600 dark:text-gray-400"> / {groupDigits(stats[kind].total)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Previous and Next as plain links (?page=N): they work without JavaScript. */
function Pager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={pagesOfYourAds} className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? <Link to={`?page=${page - 1}`} className="btn-secondary" rel="prev">{previous}</Link> : <span />}
      <span className="text-sm text-gray-600 dark:text-gray-400">{pageBefore}{page}{pageOf}{pages}</span>
      {page < pages ? <Link to={`?page=${page + 1}`} className="btn-secondary" rel="next">{next}</Link> : <span />}
    </nav>
  );
}

/** One fetcher for deletes, owned by the page: the dialog is gone once the list reloads without the ad. */
const DELETE_FETCHER = 'delete-ad';

export default function ManageAds({ loaderData, actionData }: Route.ComponentProps) {
  const { ads, email, states, stats, paging, now, mpesa } = loaderData;
  const [params] = useSearchParams();
  // Dialogs and their Cancel keep the page the seller is on.
  const here = paging.page > 1 ? `/manage-ads?page=${paging.page}` : '/manage-ads';
  const on = (extra: string) => `?${paging.page > 1 ? `page=${paging.page}&` : ''}${extra}`;
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>({ key: DELETE_FETCHER });
  const handled = useRef<unknown>(null);
  // The confirmation is part of the URL (?delete=<id>), so it also works without JavaScript.
  const confirming = ads.find((a) => a._id === params.get('delete'));
  // Mark as sold asks first the same way (?sold=<id>), for active ads only.
  const selling = ads.find((a) => a._id === params.get('sold') && states[a._id]?.status === 'active');

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
    navigate(here, { replace: true, preventScrollReset: true });
  }, [fetcher.state, fetcher.data, navigate, here]);
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold sm:text-3xl">{yourAdsBefore}{paging.total})</h1>
        <Link to="/post-ad" className="btn-primary">{postAd}</Link>
      </div>
      {/* Shown after a plain (no-JavaScript) delete; with JavaScript a toast says it. */}
      {actionData && (
        <p role={actionData.ok ? 'status' : 'alert'} className={`mt-4 rounded-lg border-l-4 px-4 py-3 ${actionData.ok ? 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100' : 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'}`}>
          {actionData.message}
        </p>
      )}
      {ads.length === 0 ? (
        <div className="card mt-6 flex flex-col items-center gap-3 p-8 text-center">
          <h2 className="text-lg font-bold">{noAds}</h2>
          <p className="text-gray-600 dark:text-gray-400">{noAdsYet}</p>
          <Link to="/post-ad" className="btn-primary">{createNewAd}</Link>
        </div>
      ) : (
        <>
        {paging.pages > 1 && (
          <p className="mt-4 text-sm text-gray-600 dark:text-gray-400" data-testid="ads-shown">
            {showingBefore}{paging.first}–{paging.first + ads.length - 1}{showingOf}{paging.total}
          </p>
        )}
        <ul aria-label={yourAds} className="mt-6 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
          {ads.map((ad, i) => (
            <li key={ad._id} className="min-w-0">
              <ListingCard
                listing={ad}
                eager={i < 2}
                showSubcategory
                headingLevel={2}
                actions={
                  <>
                    {states[ad._id] && <AdStateLine state={states[ad._id]!} />}
                    {stats[ad._id] && <AdStatsRow stats={stats[ad._id]!} />}
                    {states[ad._id] && canRenew(states[ad._id]!.status, states[ad._id]!.expiresAt, now) && <StateAction id={ad._id} intent="renew" label={renew} title={ad.title} back={here} />}
                    {states[ad._id]?.status === 'active' && (
                      <Link to={on(`sold=${ad._id}`)} preventScrollReset className={iconButton} aria-label={`${markAsSold}: ${ad.title}`}>
                        {markAsSold}
                      </Link>
                    )}
                    {states[ad._id] && canUndoSold(states[ad._id]!.status, states[ad._id]!.soldAt, now) && (
                      <StateAction id={ad._id} intent="unsold" label={stillAvailable} title={ad.title} back={here} />
                    )}
                    {states[ad._id]?.status === 'hidden' && <StateAction id={ad._id} intent="resubmit" label={resubmit} title={ad.title} back={here} />}
                    {!ad.featured && states[ad._id]?.status === 'active' && <FeatureAdButton listingId={ad._id} listingTitle={ad.title} userEmail={email} mpesa={mpesa} />}
                    <Link to={`/listing/${ad._id}`} className={iconButton} aria-label={`${viewBefore}${ad.title}`}>{view}</Link>
                    <Link to={`/listings/${ad._id}`} className={iconButton} aria-label={`${editBefore}${ad.title}`}>{edit}</Link>
                    <Link
                      to={on(`delete=${ad._id}`)}
                      preventScrollReset
                      className="btn px-3 py-1.5 text-xs text-red-700 ring-1 ring-red-300 hover:bg-red-50 dark:text-red-300 dark:ring-red-800 dark:hover:bg-red-950"
                      aria-label={`${deleteBefore}${ad.title}`}
                    >
                      {del}
                    </Link>
                  </>
                }
              />
            </li>
          ))}
        </ul>
        <Pager page={paging.page} pages={paging.pages} />
        </>
      )}
      {confirming && <DeleteDialog id={confirming._id} title={confirming.title} back={here} />}
      {selling && <SoldDialog id={selling._id} title={selling.title} back={here} />}
    </section>
  );
}

/** 'Are you absolutely sure?' — Cancel closes it, Continue deletes (a form post, with or without JavaScript). */
function DeleteDialog({ id, title, back }: { id: string; title: string; back: string }) {
  const fetcher = useFetcher<typeof action>({ key: DELETE_FETCHER });
  const navigate = useNavigate();
  const cancelRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== 'idle';
  const close = () => navigate(back, { replace: true, preventScrollReset: true });

  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      if (e.key === 'Tab') keepFocusInside(dialogRef.current, e);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // Back to the ad's Delete link when the dialog closes, if the ad is still there.
      document.querySelector<HTMLElement>(`a[href$="delete=${id}"]`)?.focus({ preventScroll: true });
    };
    // close only navigates; binding once is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 p-4 sm:items-center">
      <div ref={dialogRef} role="alertdialog" aria-modal="true" aria-labelledby="delete-title" aria-describedby="delete-description" className="card w-full max-w-md p-5">
        <h2 id="delete-title" className="text-lg font-bold">{areYouSure}</h2>
        <p id="delete-description" className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {deleteWarningBefore}{title}{deleteWarningAfter}
        </p>
        <fetcher.Form method="post" action={back} className="mt-5 flex justify-end gap-2">
          <input type="hidden" name="id" value={id} />
          <Link ref={cancelRef} to={back} replace preventScrollReset className="btn-secondary">{cancel}</Link>
          <button type="submit" className="btn-danger" disabled={busy}>{busy ? deleting : continueLabel}</button>
        </fetcher.Form>
      </div>
    </div>
  );
}

/** "Mark as sold?" — Cancel closes it, Mark as sold posts (a plain form); it can be undone for SOLD_UNDO_DAYS days. */
function SoldDialog({ id, title, back }: { id: string; title: string; back: string }) {
  const navigate = useNavigate();
  const cancelRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') navigate(back, { replace: true, preventScrollReset: true });
      if (e.key === 'Tab') keepFocusInside(dialogRef.current, e);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, back]);
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 p-4 sm:items-center">
      <div ref={dialogRef} role="alertdialog" aria-modal="true" aria-labelledby="sold-title" aria-describedby="sold-description" className="card w-full max-w-md p-5">
        <h2 id="sold-title" className="text-lg font-bold">{markSoldQuestion}</h2>
        <p id="sold-description" className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {soldWarningBefore}{title}{soldWarningMiddle}{SOLD_UNDO_DAYS}{soldWarningAfter}
        </p>
        <Form method="post" action={back} preventScrollReset className="mt-5 flex justify-end gap-2">
          <input type="hidden" name="id" value={id} />
          <Link ref={cancelRef} to={back} replace preventScrollReset className="btn-secondary">{cancel}</Link>
          <button type="submit" name="intent" value="sold" className="btn-primary">{markAsSold}</button>
        </Form>
      </div>
    </div>
  );
}

/** Tab and Shift+Tab go round the dialog's own controls instead of into the page behind it. */
function keepFocusInside(dialog: HTMLElement | null, e: KeyboardEvent) {
  if (!dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([type="hidden"]), [tabindex]:not([tabindex="-1"])')];
  if (controls.length === 0) return;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  const inside = dialog.contains(document.activeElement);
  if (e.shiftKey && (!inside || document.activeElement === first)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
    e.preventDefault();
    first.focus();
  }
}
