import { data, redirect } from 'react-router';
import { EMPTY_VALUES, ListingForm, type ListingFormValues } from '~/components/listings/forms/ListingForm';
import { MESSAGES } from '~/lib/listing-rules';
import { requireAuth } from '../../../server/http/guards';
import { expectedError } from '../../../server/http/error-translation';
import { getListing } from '../../../server/listings/queries';
import { createListing, requireOwnListing, updateListing, uploadFromForm } from '../../../server/listings/write';
import { ReceivedForm, uploadTempRoot, withUploadedForm } from '../../../server/media/upload';
import type { Route } from './+types/post-ad';
import { FormFailure } from '~/components/listings/forms/FormParts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data && 'mode' in data && data.mode === 'edit' ? 'Edit Your Listing — Soko' : 'Post an ad — Soko' },
  { name: 'robots', content: 'noindex' },
];

/** Create mode at /post-ad, edit mode at /post-ad?id=<id> (spec: "also the edit form when an id is present"). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, request);
  const id = new URL(request.url).searchParams.get('id');
  if (!id) return { mode: 'create' as const, id: null, values: EMPTY_VALUES, photos: [] };
  const listing = await getListing(context.db, id);
  if (!listing) return data({ failure: 'Error loading ad for editing: Listing not found.' }, { status: 404 });
  if (listing.owner !== auth.user.id) return data({ failure: MESSAGES.notAuthorizedListing }, { status: 403 });
  return {
    mode: 'edit' as const,
    id: listing._id,
    values: {
      title: listing.title,
      category: listing.category,
      price: listing.price === null ? '' : String(listing.price),
      currency: listing.currency,
      location: listing.location,
      description: listing.description,
    } satisfies ListingFormValues,
    photos: listing.photos.map((p) => ({ url: p.url, thumb: p.variants[400] ?? p.url, width: p.width, height: p.height })),
  };
}

/** The same domain functions as the API; a plain multipart post without JavaScript works too. */
export async function action({ context, request }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, request);
  const id = new URL(request.url).searchParams.get('id');
  // Filled as the post streams in, so the typed text can come back even when a photo is refused.
  const form = new ReceivedForm();
  try {
    // Refuse strangers before reading up to 100 MB of photos.
    if (id) await requireOwnListing(context.db, id, auth.user.id, 'edit');
    const posted = await withUploadedForm(
      request,
      uploadTempRoot(context.config),
      async (received) => {
        const upload = uploadFromForm(received);
        if (id) return void (await updateListing(context, id, auth.user.id, upload));
        return (await createListing(context, auth.user.id, upload))._id;
      },
      form,
    );
    if (!posted) return redirect('/manage-ads');
    return { posted: { id: posted, at: Date.now() } };
  } catch (error) {
    // Nothing read yet gives the empty form.
    const values = formValues(form);
    const failure = expectedError(error);
    if (failure && failure.status < 500) return data({ error: failure.message, values }, { status: failure.status, headers: failure.headers });
    context.logger.error({ reqId: context.requestId, err: error }, 'post-ad failed');
    return data({ error: id ? 'Failed to update ad' : 'Failed to post ad', values }, { status: 500 });
  }
}

function formValues(form: ReceivedForm): ListingFormValues {
  const get = (k: string) => form.get(k) ?? '';
  return {
    title: get('title'),
    category: get('category'),
    price: get('price'),
    currency: get('currency') || 'KES',
    location: get('location'),
    description: get('description'),
  };
}

export default function PostAd({ loaderData, actionData }: Route.ComponentProps) {
  if ('failure' in loaderData) return <FormFailure message={loaderData.failure} back={{ to: '/', label: 'Go to Home' }} />;
  const result = actionData && 'error' in actionData ? { error: actionData.error } : actionData && 'posted' in actionData ? { posted: actionData.posted } : undefined;
  // After a failed plain (no-JavaScript) post, the typed text comes back; files cannot.
  const initial = actionData && 'values' in actionData ? actionData.values : loaderData.values;
  return (
    <ListingForm
      key={loaderData.id ?? 'new'}
      mode={loaderData.mode}
      action={loaderData.id ? `/post-ad?id=${encodeURIComponent(loaderData.id)}` : '/post-ad'}
      initial={initial}
      photos={loaderData.photos}
      result={result}
    />
  );
}
