import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useNavigate, useNavigation, useSubmit } from 'react-router';
import { CURRENCIES, currencyLabel } from '~/lib/money';
import { LIMITS, MAX_IMAGES, MESSAGES } from '~/lib/listing-rules';
import { fitFiles, PhotoPicker, useNewPhotos, type ExistingPhoto } from './PhotoPicker';
import { CategorySelect } from './FormParts';

export type ListingFormValues = {
  title: string;
  category: string;
  price: string;
  currency: string;
  location: string;
  description: string;
};

export const EMPTY_VALUES: ListingFormValues = { title: '', category: '', price: '', currency: 'KES', location: '', description: '' };

type Props = {
  mode: 'create' | 'edit';
  /** Where the form posts (keeps ?id= in edit mode). */
  action: string;
  initial: ListingFormValues;
  photos: ExistingPhoto[];
  /** Set by the action: an error to show, or a create that succeeded (a new `at` each time). */
  result: { error?: string; posted?: { id: string; at: number } } | undefined;
};

const REQUIRED: Array<keyof ListingFormValues> = ['title', 'category', 'price', 'currency', 'location', 'description'];
/** Spec section 9: error and success messages clear after 3 s. */
const MESSAGE_MS = 3000;

/** A message that clears itself after 3 s; `show` restarts the timer. */
function useTimedMessage(): [string, (m: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = (m: string) => {
    window.clearTimeout(timer.current);
    setMessage(m);
    if (m) timer.current = window.setTimeout(() => setMessage(''), MESSAGE_MS);
  };
  return [message, show];
}

/**
 * The post/edit ad form. A plain multipart form that works without JavaScript; with it, the
 * photo list is kept in state (previews, remove, at most ten) and sent with the fields.
 */
export function ListingForm({ mode, action, initial, photos, result }: Props) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/post-ad');
  const [hydrated, setHydrated] = useState(false);
  const [kept, setKept] = useState(photos);
  const newPhotos = useNewPhotos();
  const [error, showError] = useTimedMessage();
  const [photoError, showPhotoError] = useTimedMessage();
  const [success, showSuccess] = useTimedMessage();
  const [formKey, setFormKey] = useState(0);

  useEffect(() => setHydrated(true), []);

  // The server's answer: an error for 3 s, or after a create a fresh form and a 3 s success message.
  useEffect(() => {
    if (result?.error) showError(result.error);
    if (result?.posted) {
      newPhotos.clear();
      setFormKey((k) => k + 1);
      showSuccess(MESSAGES.posted);
    }
    // Only a new result triggers this; the helpers are stable in behaviour.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const addFiles = (files: File[]) => {
    const { accepted, error: message } = fitFiles(files, MAX_IMAGES - kept.length - newPhotos.added.length);
    newPhotos.add(accepted);
    showPhotoError(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const missing = REQUIRED.some((k) => !String(data.get(k) ?? '').trim());
    if (missing || kept.length + newPhotos.added.length === 0) {
      showError(MESSAGES.required);
      return;
    }
    data.delete('images');
    for (const p of newPhotos.added) data.append('images', p.file, p.file.name);
    submit(data, { method: 'post', action, encType: 'multipart/form-data' });
  };

  const values = result?.posted ? EMPTY_VALUES : initial;
  const shownError = hydrated ? error : (result?.error ?? '');
  const shownSuccess = hydrated ? success : result?.posted ? MESSAGES.posted : '';
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{mode === 'edit' ? 'Edit Your Listing' : 'Create a New Listing'}</h1>
      {shownSuccess && (
        <p role="status" className="mt-4 rounded-lg border-l-4 border-green-600 bg-green-50 px-4 py-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {shownSuccess}{' '}
          {result?.posted && (
            <Link className="font-semibold underline" to={`/listing/${result.posted.id}`}>
              View your ad
            </Link>
          )}
        </p>
      )}
      {shownError && (
        <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {shownError}
        </p>
      )}
      <Form
        key={formKey}
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate={hydrated}
        onSubmit={onSubmit}
        className="card mt-4 flex flex-col gap-4 p-4 sm:p-6"
      >
        <div>
          <label htmlFor="title" className="label">Title</label>
          <input id="title" name="title" className="input" required maxLength={LIMITS.title} defaultValue={values.title} placeholder="e.g. Toyota Axio 2016, clean" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="category" className="label">Category</label>
            <CategorySelect defaultValue={values.category} />
          </div>
          <div>
            <label htmlFor="location" className="label">Location</label>
            <input id="location" name="location" className="input" required maxLength={LIMITS.location} defaultValue={values.location} placeholder="e.g. Westlands, Nairobi" autoComplete="address-level2" />
          </div>
        </div>
        <div className="grid grid-cols-[1fr_auto] gap-4">
          <div>
            <label htmlFor="price" className="label">Price</label>
            <input id="price" name="price" type="number" min={0} step={1} inputMode="numeric" className="input" required defaultValue={values.price} aria-describedby="price-help" />
            <p id="price-help" className="mt-1 text-xs text-gray-600 dark:text-gray-400">Enter 0 if the price is negotiable.</p>
          </div>
          <div>
            <label htmlFor="currency" className="label">Currency</label>
            <select id="currency" name="currency" className="input" required defaultValue={values.currency || 'KES'}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>{c === 'KES' ? `${currencyLabel(c)} (KES)` : c}</option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor="description" className="label">Description</label>
          <textarea id="description" name="description" rows={6} className="input" required maxLength={LIMITS.description} defaultValue={values.description} placeholder="Condition, age, what is included, how to pay..." />
        </div>
        <PhotoPicker
          existing={kept}
          onRemoveExisting={(url) => setKept((list) => list.filter((p) => p.url !== url))}
          added={newPhotos.added}
          onAdd={addFiles}
          onRemoveAdded={newPhotos.remove}
          hydrated={hydrated}
          error={photoError}
        />
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
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {mode === 'edit' ? (busy ? 'Updating...' : 'Save Changes') : busy ? 'Posting...' : 'Create Listing'}
          </button>
        </div>
      </Form>
    </section>
  );
}
