import { useEffect, useRef } from 'react';
import { data, Link, redirect } from 'react-router';
import { EMPTY_VALUES, fieldErrorsFrom, ListingForm, missingFields, type FieldErrors, type ListingFormValues } from '~/components/listings/forms/ListingForm';
import { FormFailure } from '~/components/listings/forms/FormParts';
import { FeatureAdButton } from '~/components/payments/FeatureAdButton';
import { MESSAGES } from '#kernel/listing-rules.ts';
import { attributeFieldName, findSubcategory } from '#kernel/subcategories.ts';
import { requireAuth } from '../../../server/http/guards';
import { expectedError } from '../../../server/http/error-translation';
import { getListing } from '../../../server/listings/queries';
import { createListing, requireOwnListing, updateListing, uploadFromForm } from '../../../server/listings/write';
import { ReceivedForm, uploadTempRoot, withUploadedForm } from '../../../server/media/upload';
import { getDraft, latestDraft, publishDraftFromForm, requireOwnDraft, type Draft } from '../../../server/listings/drafts';
import { isAppError } from '../../../server/http/errors';
import { escapeHtml } from '../../../server/http/escape-html';
import { nairobiDate } from '#kernel/format.ts';
import type { Route } from './+types/post-ad';
import { BASE } from '#messages/locale.ts';
import {
  continueIt,
  editListingTitle,
  editLoadFailed,
  failedToPost,
  failedToUpdate,
  featureIt,
  featuringExplained,
  goHome,
  isLive,
  postAdTitle,
  postAnother,
  underReview as underReviewText,
  unfinishedDraft,
  viewYourAd,
} from '#messages/post.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data && 'mode' in data && data.mode === 'edit' ? editListingTitle : postAdTitle },
  { name: 'robots', content: 'noindex' },
];

/**
 * Create mode at /post-ad, edit mode at /post-ad?id=<id> (spec: "also the edit form when an id
 * is present"), and the success screen after posting at /post-ad?posted=<id>.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const params = url.searchParams;
  const posted = params.get('posted');
  if (posted) {
    const listing = await getListing(context.db, posted);
    // Only the seller's own new ad; anything else is the empty form.
    if (listing && listing.owner === auth.user.id) {
      return { mode: 'posted' as const, id: listing._id, title: listing.title, email: auth.user.email, underReview: listing.status === 'held', mpesa: !!context.payments?.mpesa };
    }
  }
  const id = params.get('id');
  if (!id) {
    // A draft the form started (with JavaScript) resumes at ?draft=; one that is gone (published, swept) gives the empty form.
    const draft = await resumedDraft(context.db, params.get('draft'), auth.user.id);
    if (draft) return { mode: 'create' as const, id: null, draftId: draft.id, values: draftValues(draft), photos: draft.photos, unfinished: null };
    return { mode: 'create' as const, id: null, draftId: null, values: EMPTY_VALUES, photos: [], unfinished: unfinishedNotice(await latestDraft(context.db, auth.user.id)) };
  }
  const listing = await getListing(context.db, id);
  if (!listing) return data({ failure: editLoadFailed }, { status: 404 });
  if (listing.owner !== auth.user.id) return data({ failure: MESSAGES.notAuthorizedListing }, { status: 403 });
  return {
    mode: 'edit' as const,
    id: listing._id,
    values: {
      title: listing.title,
      category: listing.category,
      subcategory: listing.subcategory ?? '',
      attributes: Object.fromEntries(Object.entries(listing.attributes ?? {}).map(([k, v]) => [k, String(v)])),
      price: listing.price === null ? '' : String(listing.price),
      currency: listing.currency,
      location: listing.location,
      description: listing.description,
    } satisfies ListingFormValues,
    photos: listing.photos.map((p) => ({ url: p.url, thumb: p.variants[400] ?? p.url, width: p.width, height: p.height })),
    draftId: null,
    unfinished: null,
  };
}

/**
 * The offer to continue the latest draft, as HTML made here: the page's script then carries
 * none of it (/post-ad is close to its 135 kB of JavaScript).
 */
function unfinishedNotice(draft: Awaited<ReturnType<typeof latestDraft>>): string | null {
  if (!draft) return null;
  const title = draft.title ? ` “<strong class="break-words">${escapeHtml(draft.title)}</strong>”` : '';
  const link = `<a href="${BASE}/post-ad?draft=${encodeURIComponent(draft.id)}" class="font-semibold underline">${continueIt}</a>`;
  const offer = unfinishedDraft({ title, photos: draft.photos, saved: nairobiDate(draft.updatedAt) });
  return `<p class="mx-auto mb-4 max-w-2xl rounded-lg border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-sm dark:bg-gray-800" data-testid="unfinished-draft">${offer} ${link}</p>`;
}

async function resumedDraft(db: Route.LoaderArgs['context']['db'], id: string | null, userId: string): Promise<Draft | null> {
  if (!id) return null;
  try {
    return await getDraft(db, id, userId);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  }
}

/** A draft's text as the form's values (what was typed, unchecked). */
function draftValues(draft: Draft): ListingFormValues {
  const text = (key: string) => {
    const value = draft.fields[key];
    return typeof value === 'string' ? value : '';
  };
  const attributes = draft.fields.attributes;
  return {
    title: text('title'),
    category: text('category'),
    subcategory: text('subcategory'),
    attributes: typeof attributes === 'object' ? attributes : {},
    price: text('price'),
    currency: text('currency') || 'KES',
    location: text('location'),
    description: text('description'),
  };
}

/**
 * The plain multipart post (no JavaScript; with it the form sends to the API instead, for
 * upload progress): the same domain functions as the API. A new ad goes to the success screen.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  const id = url.searchParams.get('id');
  // A resumed draft posted by the plain form (no JavaScript): its photos and the ones sent.
  const draftId = id ? null : url.searchParams.get('draft');
  // Filled as the post streams in, so the typed text can come back even when a photo is refused.
  const form = new ReceivedForm();
  try {
    // Refuse strangers before reading up to 100 MB of photos.
    if (id) await requireOwnListing(context.db, id, auth.user.id, 'edit');
    else if (draftId) await requireOwnDraft(context.db, draftId, auth.user.id);
    // A full image queue refuses a new ad before megabytes of photos are sent for nothing.
    else context.images.queue.assertRoom();
    const posted = await withUploadedForm(
      request,
      uploadTempRoot(context.config),
      async (received) => {
        const upload = uploadFromForm(received);
        if (id) return void (await updateListing(context, id, auth.user.id, upload));
        if (draftId) return (await publishDraftFromForm(context, draftId, auth.user.id, upload))._id;
        return (await createListing(context, auth.user.id, upload))._id;
      },
      form,
    );
    if (!posted) return redirect('/manage-ads');
    return redirect(`/post-ad?posted=${encodeURIComponent(posted)}`);
  } catch (error) {
    // Nothing read yet gives the empty form.
    const values = formValues(form);
    const failure = expectedError(error);
    if (failure && failure.status < 500) {
      const fieldErrors: FieldErrors =
        failure.message === MESSAGES.required ? missingFields(values, form.files().length + form.getAll('existingImages').length) : fieldErrorsFrom(failure.errors);
      return data({ error: failure.message, values, fieldErrors }, { status: failure.status, headers: failure.headers });
    }
    // Our own trouble the seller should know of (a database outage, a full disk, a busy image queue): its message and status.
    if (failure) {
      context.logger.warn({ reqId: context.requestId, err: error, status: failure.status }, 'post-ad refused');
      return data({ error: failure.message, values, fieldErrors: {} as FieldErrors }, { status: failure.status, headers: failure.headers });
    }
    context.logger.error({ reqId: context.requestId, err: error }, 'post-ad failed');
    return data({ error: id ? failedToUpdate : failedToPost, values, fieldErrors: {} as FieldErrors }, { status: 500 });
  }
}

function formValues(form: ReceivedForm): ListingFormValues {
  const get = (k: string) => form.get(k) ?? '';
  // The chosen subcategory's fields, as typed (the form names them attr.<subcategory>.<key>).
  const sub = findSubcategory(get('subcategory'));
  const attributes: Record<string, string> = {};
  for (const def of sub?.sub.attributes ?? []) {
    const value = form.get(attributeFieldName(sub!.sub.name, def.key));
    if (value) attributes[def.key] = value;
  }
  return {
    title: get('title'),
    category: get('category'),
    subcategory: sub?.sub.name ?? '',
    attributes,
    price: get('price'),
    currency: get('currency') || 'KES',
    location: get('location'),
    description: get('description'),
  };
}

/** After posting: the spec's success text, and the three things a seller does next. */
function Posted({ id, title, email, underReview, mpesa }: { id: string; title: string; email: string; underReview: boolean; mpesa: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-xl py-6 text-center" aria-labelledby="posted-heading">
      <div role="status" className="rounded-xl border-l-4 border-green-600 bg-green-50 px-4 py-6 text-green-950 dark:bg-green-950 dark:text-green-50">
        <h1 id="posted-heading" ref={heading} tabIndex={-1} className="text-2xl font-extrabold outline-none">
          {MESSAGES.posted}
        </h1>
        {underReview ? (
          <p className="mt-2 break-words" data-testid="under-review">
            <strong>{title}</strong>{underReviewText}
          </p>
        ) : (
          <p className="mt-2 break-words">
            <strong>{title}</strong>{isLive}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={`/listing/${id}`} className="btn-primary">{viewYourAd}</Link>
        <Link to="/post-ad" className="btn-secondary">{postAnother}</Link>
        {/* Only a public ad can be featured. */}
        {!underReview && (
          <div className="sm:w-auto">
            <FeatureAdButton listingId={id} listingTitle={title} userEmail={email} mpesa={mpesa} label={featureIt} large />
          </div>
        )}
      </div>
      {!underReview && <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{featuringExplained}</p>}
    </section>
  );
}

export default function PostAd({ loaderData, actionData }: Route.ComponentProps) {
  if ('failure' in loaderData) return <FormFailure message={loaderData.failure} back={{ to: '/', label: goHome }} />;
  if (loaderData.mode === 'posted') return <Posted id={loaderData.id} title={loaderData.title} email={loaderData.email} underReview={loaderData.underReview} mpesa={loaderData.mpesa} />;
  const failure = actionData && 'error' in actionData ? { error: actionData.error, fieldErrors: actionData.fieldErrors } : undefined;
  // After a failed plain (no-JavaScript) post, the typed text comes back; files cannot.
  const initial = actionData && 'values' in actionData ? actionData.values : loaderData.values;
  const { draftId, unfinished } = loaderData;
  return (
    <>
      {unfinished && !actionData && <div dangerouslySetInnerHTML={{ __html: unfinished }} />}
      <ListingForm
        key={loaderData.id ?? draftId ?? 'new'}
        mode={loaderData.mode}
        listingId={loaderData.id}
        draftId={draftId}
        action={loaderData.id ? `/post-ad?id=${encodeURIComponent(loaderData.id)}` : draftId ? `/post-ad?draft=${encodeURIComponent(draftId)}` : '/post-ad'}
        initial={initial}
        photos={loaderData.photos}
        failure={failure}
      />
    </>
  );
}
