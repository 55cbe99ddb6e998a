import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { CURRENCIES, currencyLabel } from '#kernel/money.ts';
import { LIMITS, MESSAGES } from '#kernel/listing-rules.ts';
import { toast } from '~/lib/toast';
import { htmlLang } from '#messages/common.ts';
import { CategorySelect } from './FormParts';
import { LocationPicker } from '../../LocationPicker';
import { PhotoPicker, usePhotoList, type ExistingPhoto } from './PhotoPicker';
import { useDraft } from './useDraft';
import { useSubcategoryFields } from './SubcategoryFields';
import {
  cancel,
  category as categoryLabel,
  checkingPhotos,
  chooseCategory,
  chooseLocation,
  createListing,
  createListingHeading,
  currency as currencyHeading,
  description as descriptionLabel,
  descriptionPlaceholder,
  editYourListing,
  enterDescription,
  enterTitle,
  failedToPost,
  failedToUpdate,
  location as locationLabel,
  networkError,
  notAuthenticated,
  posting,
  price as priceLabel,
  priceHelp,
  saveChanges,
  savingAd,
  selectCurrency,
  title as titleLabel,
  titlePlaceholder,
  updating,
  uploadingPhotos,
} from '#messages/post.ts';

export type ListingFormValues = {
  title: string;
  category: string;
  /** A subcategory's name, or '' (kernel/subcategories.ts). */
  subcategory: string;
  /** Its fields as typed: key to text. */
  attributes: Record<string, string>;
  price: string;
  currency: string;
  location: string;
  description: string;
};

export const EMPTY_VALUES: ListingFormValues = { title: '', category: '', subcategory: '', attributes: {}, price: '', currency: 'KES', location: '', description: '' };

/** A message per failing field ('images' for the photos, 'attributes.<key>' for a subcategory's field), shown beside it. */
export type FieldErrors = Partial<Record<Exclude<keyof ListingFormValues, 'attributes'> | 'images' | `attributes.${string}`, string>>;

/** Fields a seller must fill in; the price may stay empty (negotiable). */
const REQUIRED: Array<Exclude<keyof ListingFormValues, 'attributes'>> = ['title', 'category', 'location', 'description'];

const FIELD_MESSAGES: Record<string, string> = {
  title: enterTitle,
  category: chooseCategory,
  location: chooseLocation,
  description: enterDescription,
  images: MESSAGES.imageRequiredHint,
};

/** Which required fields are blank, each with its message (also used by the page's action). */
export function missingFields(values: Partial<Record<string, unknown>>, photoCount: number): FieldErrors {
  const errors: FieldErrors = {};
  for (const k of REQUIRED) if (!String(values[k] ?? '').trim()) errors[k] = FIELD_MESSAGES[k];
  if (photoCount === 0) errors.images = FIELD_MESSAGES.images;
  return errors;
}

/** Field errors from an API or action answer ({ errors: [{ msg, path }] }), on the fields this form has. */
export function fieldErrorsFrom(errors: { msg: string; path: string }[] | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors ?? []) if ((e.path in EMPTY_VALUES && e.path !== 'attributes') || e.path === 'images' || e.path.startsWith('attributes.')) out[e.path as keyof FieldErrors] ??= e.msg;
  return out;
}

type Props = {
  mode: 'create' | 'edit';
  /** The ad being edited (edit mode). */
  listingId: string | null;
  /** Where the plain form posts (keeps ?id= in edit mode). */
  action: string;
  initial: ListingFormValues;
  photos: ExistingPhoto[];
  /** What the action answered to a plain (no-JavaScript) post that failed. */
  failure: { error: string; fieldErrors?: FieldErrors } | undefined;
  /** A draft the page resumed (create mode, ?draft=): its photos are in `photos`. */
  draftId?: string | null;
};

/** Sends the form with its photos, reporting upload progress; resolves with the status and JSON body. */
function upload(url: string, method: string, body: FormData, onProgress: (fraction: number) => void) {
  return new Promise<{ status: number; body: { _id?: string; message?: string; errors?: { msg: string; path: string }[] } | null; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    // The API's refusals in the page's language, not the browser's.
    xhr.setRequestHeader('Accept-Language', htmlLang);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let parsed = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): shown truncated, as the spec says.
      }
      resolve({ status: xhr.status, body: parsed, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(body);
  });
}

/**
 * The post/edit ad form. A plain multipart form that works without JavaScript; with it, the
 * photos are checked as they are picked, ordered by the seller, and sent by the API with a
 * progress bar. Problems are shown at the top (scrolled to and focused) and beside each
 * failing field, and stay until the seller acts.
 */
export function ListingForm({ mode, listingId, action, initial, photos, failure, draftId = null }: Props) {
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const list = usePhotoList(photos);
  const [error, setError] = useState(failure?.error ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(failure?.fieldErrors ?? {});
  const [photoError, setPhotoError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = progress !== null;
  // The subcategories offered follow the category (once the page is live).
  const [category, setCategory] = useState(initial.category);
  const [currency, setCurrency] = useState(initial.currency || 'KES');

  useEffect(() => setHydrated(true), []);

  // A new ad's photos go to a draft on the server one by one as they are picked (useDraft.ts).
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useDraft({ enabled: hydrated && mode === 'create', initialDraftId: draftId, list, formRef, onRefused: setPhotoError });
  // Sent before every photo was up (or checked): posted as soon as the last one is, and the
  // draft it goes into is known. Waiting on anything less once left a click without effect.
  const [waiting, setWaiting] = useState(false);
  const canPublish = draft.ready && !!draft.draftId && !list.checking;
  useEffect(() => {
    if (waiting && canPublish) {
      setWaiting(false);
      formRef.current?.requestSubmit();
    }
  }, [waiting, canPublish]);

  // A new problem is brought into view and focused, so it is seen (and read out) on a small screen.
  const [shownAt, setShownAt] = useState(0);
  useEffect(() => {
    if (!shownAt || !alertRef.current) return;
    alertRef.current.scrollIntoView({ block: 'center' });
    alertRef.current.focus({ preventScroll: true });
  }, [shownAt]);

  const fail = (message: string, fields: FieldErrors = {}) => {
    setError(message);
    setFieldErrors(fields);
    setShownAt(Date.now());
  };

  /** The seller changed a field: its own mark goes; the message at the top stays until the next try. */
  const edited = (name: string) => setFieldErrors((f) => (name in f ? { ...f, [name]: undefined } : f));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Photos still being checked are not in the list yet: sending now would say none was chosen.
    if (list.checking) {
      if (mode === 'create') setWaiting(true);
      return;
    }
    const form = new FormData(event.currentTarget);
    const missing = missingFields(Object.fromEntries(form), list.photos.length);
    if (Object.keys(missing).length) return fail(MESSAGES.required, missing);
    form.delete('images');
    form.delete('existingImages');
    if (mode === 'create') {
      if (!draft.ready || !draft.draftId) {
        setWaiting(true);
        if (draft.failed) draft.retry();
        return;
      }
      for (const key of draft.photoOrder()) form.append('photoOrder', key);
      return send(`/api/drafts/${encodeURIComponent(draft.draftId)}/publish`, 'POST', form);
    }
    // The seller's order, kept and new photos mixed (the server's imageOrder): new:<n> is the n-th file sent.
    let added = 0;
    for (const p of list.photos) {
      if (p.kind === 'existing') {
        form.append('existingImages', p.url);
        form.append('imageOrder', p.url);
      } else {
        form.append('images', p.file, p.file.name);
        form.append('imageOrder', `new:${added++}`);
      }
    }
    return send(listingId ? `/api/listings/${encodeURIComponent(listingId)}` : '/api/listings', listingId ? 'PUT' : 'POST', form);
  };

  const send = async (url: string, method: string, form: FormData) => {
    setProgress(0);
    try {
      const res = await upload(url, method, form, setProgress);
      if (res.status === 200 || res.status === 201) {
        if (mode === 'edit') {
          toast.success(MESSAGES.updated);
          navigate('/manage-ads');
        } else navigate(`/post-ad?posted=${encodeURIComponent(res.body?._id ?? '')}`);
        return;
      }
      setProgress(null);
      if (res.status === 401) return fail(notAuthenticated);
      const message = res.body?.message || res.text.slice(0, 200) || (mode === 'edit' ? failedToUpdate : failedToPost);
      fail(message, fieldErrorsFrom(res.body?.errors));
    } catch {
      setProgress(null);
      fail(networkError);
    }
  };

  const subcategory = useSubcategoryFields({ category, defaultSubcategory: initial.subcategory, attributes: initial.attributes, errors: fieldErrors, onEdit: edited });

  const field = (name: Exclude<keyof ListingFormValues, 'attributes'>) => ({
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `${name}-error` : undefined,
    onInput: () => edited(name),
  });
  const fieldError = (name: keyof FieldErrors) =>
    fieldErrors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{mode === 'edit' ? editYourListing : createListingHeading}</h1>
      {error && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          id="form-error"
          className="mt-4 scroll-mt-32 rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-red-900 outline-none dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </div>
      )}
      <Form
        ref={formRef}
        onInput={draft.edited}
        onChange={draft.edited}
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate={hydrated}
        onSubmit={onSubmit}
        className="card mt-4 flex flex-col gap-4 p-4 sm:p-6"
      >
        <div>
          <label htmlFor="title" className="label">{titleLabel}</label>
          <input id="title" type="text" name="title" className="input" required maxLength={LIMITS.title} defaultValue={initial.title} placeholder={titlePlaceholder} {...field('title')} />
          {fieldError('title')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="category" className="label">{categoryLabel}</label>
            {/* Controlled: the subcategory list and its fields follow the category as it is picked. */}
            <CategorySelect
              value={category}
              invalid={!!fieldErrors.category}
              onChange={(value) => {
                setCategory(value);
                edited('category');
              }}
            />
            {fieldError('category')}
          </div>
          <div>
            <label htmlFor="location" className="label">{locationLabel}</label>
            <LocationPicker defaultValue={initial.location} maxLength={LIMITS.location} invalid={!!fieldErrors.location} onEdit={() => edited('location')} />
            {fieldError('location')}
          </div>
        </div>
        {subcategory.select}
        <div className="grid grid-cols-[1fr_auto] gap-4">
          <div>
            <label htmlFor="price" className="label">{priceLabel}</label>
            <input
              id="price"
              name="price"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className="input"
              defaultValue={initial.price}
              {...field('price')}
              aria-describedby={fieldErrors.price ? 'price-error price-help' : 'price-help'}
            />
            <p id="price-help" className="mt-1 text-xs text-gray-600 dark:text-gray-400">{priceHelp}</p>
            {fieldError('price')}
          </div>
          <div>
            <label htmlFor="currency" className="label">{currencyHeading}</label>
            <select id="currency" name="currency" className="input" required value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
              {/* A required select starts with an empty placeholder option (HTML); KES is chosen by default. */}
              <option value="" disabled>{selectCurrency}</option>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>{c === 'KES' ? `${currencyLabel(c)} (KES)` : c}</option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor="description" className="label">{descriptionLabel}</label>
          <textarea id="description" name="description" rows={6} className="input" required maxLength={LIMITS.description} defaultValue={initial.description} placeholder={descriptionPlaceholder} {...field('description')} />
          {fieldError('description')}
        </div>
        <PhotoPicker
          list={list}
          hydrated={hydrated}
          error={photoError}
          onError={setPhotoError}
          missing={!!fieldErrors.images}
          statusOf={draft.statusOf}
          uploads={mode === 'create'}
        />
        {/* A new ad's draft line (an edit has no draft) has its room from the first render:
            arriving with the first photo, it would push Create Listing down under a tap aimed at it. */}
        {mode === 'create' && <div className="min-h-9">{draft.statusLine}</div>}
        {subcategory.fields}
        {progress !== null && (
          <div role="status" className="flex flex-col gap-1 text-sm">
            <label htmlFor="upload-progress">{progress < 1 ? `${uploadingPhotos}${Math.round(progress * 100)}%` : savingAd}</label>
            <progress id="upload-progress" max={1} value={progress} className="h-2 w-full accent-brand-700" />
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Link
            to="/manage-ads"
            className="btn-secondary"
            onClick={(e) => {
              // Cancel goes back where the user came from; without history it goes to Manage ads.
              if (window.history.length > 1) {
                e.preventDefault();
                navigate(-1);
              }
            }}
          >
            {cancel}
          </Link>
          <button type="submit" className="btn-primary" disabled={busy || list.checking || waiting}>
            {busy || waiting ? (mode === 'edit' ? updating : posting) : list.checking ? checkingPhotos : mode === 'edit' ? saveChanges : createListing}
          </button>
        </div>
      </Form>
    </section>
  );
}

