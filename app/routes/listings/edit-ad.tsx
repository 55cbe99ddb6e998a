import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useNavigate, useNavigation } from 'react-router';
import { LIMITS, MESSAGES, NO_SUBCATEGORY_LABEL } from '#kernel/listing-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { currencyLabel } from '#kernel/money.ts';
import { toast } from '~/lib/toast';
import { findSubcategory, subcategoriesOf, SUBCATEGORY_GROUPS } from '#kernel/subcategories.ts';
import { failureData } from '../../../server/http/page-errors';
import { getListing } from '../../../server/listings/queries';
import { updateListingText } from '../../../server/listings/write';
import type { Route } from './+types/edit-ad';
import { CategorySelect, FormFailure } from '~/components/listings/forms/FormParts';
import { LocationPicker } from '~/components/LocationPicker';
import { OptionsSelect } from '~/components/OptionsSelect';
import { subcategoryNames } from '#messages/subcategories.ts';
import { shownName } from '#kernel/i18n/shown-name.ts';
import {
  adTitle,
  backToManageAds,
  cancel,
  category as categoryLabel,
  currentImages,
  description,
  editAd,
  editAdTitle,
  failedToUpdatePrefix,
  fullEditForm,
  imagesNotEdited,
  loadAdFailed,
  location,
  noPhotos,
  photoBefore,
  photoOfTitle,
  priceBefore,
  priceHelp,
  subcategory as subcategoryHeading,
  updateAd,
  updatingAd,
} from '#messages/post.ts';

/**
 * The text-only form's subcategory (spec: 'N/A (No Subcategory)', disabled until a category is
 * chosen), offering the category's subcategories (issue 18, point 5). Without JavaScript every
 * subcategory, grouped by category (the server refuses one of another category, saying which
 * it takes). The ad's own stays chosen, even one from before the list; its fields are not on
 * this form and are kept (server/listings/write.ts).
 */
function TextSubcategorySelect({ category, current, live, invalid }: { category: string; current: string; live: boolean; invalid: boolean }) {
  const [sub, setSub] = useState(current);
  const offered = subcategoriesOf(category).map((s) => s.name);
  // An old subcategory outside the list is offered as it is, so that saving keeps it.
  const legacy = current && !findSubcategory(current) ? current : null;
  const common = { id: 'subcategory', name: 'subcategory', className: 'input', 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? 'subcategory-error' : undefined };
  if (live) {
    return (
      <select {...common} disabled={!category} value={offered.includes(sub) || sub === legacy ? sub : ''} onChange={(e) => setSub(e.currentTarget.value)}>
        <option value="">{NO_SUBCATEGORY_LABEL}</option>
        {legacy ? <option value={legacy}>{legacy}</option> : null}
        {offered.map((name) => (
          <option key={name} value={name}>{subcategoryNames ? shownName(subcategoryNames, name) : name}</option>
        ))}
      </select>
    );
  }
  return (
    <OptionsSelect {...common} disabled={!category} items={[{ value: '', label: NO_SUBCATEGORY_LABEL }, ...(legacy ? [{ value: legacy, label: legacy }] : []), ...SUBCATEGORY_GROUPS]} selected={current} />
  );
}


/** Spec: after 'Ad updated successfully!' the page goes to Manage ads 1.5 s later. */
const REDIRECT_MS = 1500;

export const meta: Route.MetaFunction = () => [{ title: editAdTitle }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const listing = await getListing(context.db, params.id);
  if (!listing) return data({ failure: loadAdFailed }, { status: 404 });
  if (listing.owner !== auth.user.id) return data({ failure: MESSAGES.notAuthorizedAd }, { status: 403 });
  return {
    listing: {
      id: listing._id,
      title: listing.title,
      description: listing.description,
      price: listing.price === null ? '' : String(listing.price),
      // Not on this form: shown (currency) or offered as they are (subcategory), and kept.
      currency: listing.currency,
      category: listing.category,
      subcategory: listing.subcategory ?? '',
      location: listing.location,
      photos: listing.photos.map((p) => ({ src: p.variants[400] ?? p.url, width: p.width, height: p.height })),
    },
  };
}

export async function action({ context, request, url, params }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  const form = await request.formData();
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v : undefined;
  };
  try {
    await updateListingText(context, params.id, auth.user.id, {
      title: text('title'),
      description: text('description'),
      price: text('price'),
      category: text('category'),
      subcategory: text('subcategory') ?? null,
      location: text('location'),
    });
  } catch (error) {
    return failureData(error, (e) => ({
      error: `${failedToUpdatePrefix}${e.message}`,
      fieldErrors: Object.fromEntries((e.errors ?? []).map((f) => [f.path, f.msg])) as Record<string, string>,
    }));
  }
  // With JavaScript the page shows the toast and moves on after 1.5 s; a plain form post goes straight there.
  if (form.get('_js') !== '1') return redirect('/manage-ads');
  return { updated: true, at: Date.now() };
}

export default function EditAd({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [hydrated, setHydrated] = useState(false);
  const [category, setCategory] = useState('failure' in loaderData ? '' : loaderData.listing.category);
  useEffect(() => setHydrated(true), []);

  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!actionData) return;
    if ('error' in actionData) {
      // The message stays on the page until the next try; it is brought into view and focused.
      alertRef.current?.scrollIntoView({ block: 'center' });
      alertRef.current?.focus({ preventScroll: true });
      return;
    }
    toast.success(MESSAGES.updated);
    const timer = window.setTimeout(() => navigate('/manage-ads'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [actionData, navigate]);

  if ('failure' in loaderData) return <FormFailure message={loaderData.failure} back={{ to: '/manage-ads', label: backToManageAds }} />;
  const { listing } = loaderData;
  const error = actionData && 'error' in actionData ? actionData.error : '';
  const fieldErrors: Record<string, string> = (actionData && 'fieldErrors' in actionData && actionData.fieldErrors) || {};
  const invalid = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {};
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {fieldErrors[name]}
      </p>
    ) : null;
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{editAd}</h1>
      {error && (
        <p ref={alertRef} tabIndex={-1} role="alert" className="mt-4 scroll-mt-32 rounded-lg outline-none border-l-4 border-red-600 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      )}
      <Form method="post" className="card mt-4 flex flex-col gap-4 p-4 sm:p-6">
        {hydrated && <input type="hidden" name="_js" value="1" />}
        <div>
          <label htmlFor="title" className="label">{adTitle}</label>
          <input id="title" type="text" name="title" className="input" required maxLength={LIMITS.title} defaultValue={listing.title} {...invalid('title')} />
          {fieldError('title')}
        </div>
        <div>
          <label htmlFor="description" className="label">{description}</label>
          <textarea id="description" name="description" rows={6} className="input" required maxLength={LIMITS.description} defaultValue={listing.description} {...invalid('description')} />
          {fieldError('description')}
        </div>
        <div>
          {/* The ad's own currency; it does not change here. */}
          <label htmlFor="price" className="label">{priceBefore}{currencyLabel(listing.currency)})</label>
          <input
            id="price"
            name="price"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className="input"
            defaultValue={listing.price}
            {...invalid('price')}
            aria-describedby={fieldErrors.price ? 'price-error price-help' : 'price-help'}
          />
          <p id="price-help" className="mt-1 text-xs text-gray-600 dark:text-gray-400">{priceHelp}</p>
          {fieldError('price')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="category" className="label">{categoryLabel}</label>
            <CategorySelect value={category} onChange={setCategory} />
          </div>
          <div>
            <label htmlFor="subcategory" className="label">{subcategoryHeading}</label>
            <TextSubcategorySelect category={category} current={listing.subcategory} live={hydrated} invalid={!!fieldErrors.subcategory} />
            {fieldError('subcategory')}
          </div>
        </div>
        <div>
          <label htmlFor="location" className="label">{location}</label>
          <LocationPicker defaultValue={listing.location} maxLength={LIMITS.location} invalid={!!fieldErrors.location} />
          {fieldError('location')}
        </div>
        <div>
          <p className="label">{currentImages}</p>
          {listing.photos.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={currentImages}>
              {listing.photos.map((p, i) => (
                <li key={p.src}>
                  <img src={p.src} alt={`${photoBefore}${i + 1}${photoOfTitle}${listing.title}`} width={p.width} height={p.height} loading="lazy" decoding="async" className="aspect-square w-full rounded-lg bg-gray-100 object-cover dark:bg-gray-800" />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{noPhotos}</p>
          )}
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
            {imagesNotEdited}{' '}
            <Link to={`/post-ad?id=${listing.id}`} className="text-brand-700 underline dark:text-brand-100">{fullEditForm}</Link>.
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/manage-ads" className="btn-secondary">{cancel}</Link>
          <button type="submit" className="btn-primary" disabled={busy}>{busy ? updatingAd : updateAd}</button>
        </div>
      </Form>
    </section>
  );
}
