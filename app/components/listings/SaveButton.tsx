import { useEffect, type FormEvent } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { toast } from '~/lib/toast';

/** What POST /saved/:id answers a JavaScript submission (a plain form gets a redirect instead). */
export type SaveResult = { saved: boolean; message: string } | { error: string };

type Props = {
  listingId: string;
  title: string;
  /** Whether the signed-in visitor has saved it (false for visitors). */
  saved: boolean;
  /** A heart over a card's photo, or the ad page's labelled button. */
  variant: 'card' | 'page';
  /** Where a plain form submission comes back to; the current page by default. */
  back?: string;
};

/**
 * Save / Saved. Without JavaScript it is a form: POST /saved/:id saves (or removes) and sends
 * the browser back to this page; a visitor goes through login first. With JavaScript the same
 * form is sent by a fetcher: the button flips at once (aria-pressed), a toast confirms, and the
 * page is not reloaded (only the header's count is).
 */
export function SaveButton({ listingId, title, saved, variant, back }: Props) {
  const fetcher = useFetcher<SaveResult>();
  const location = useLocation();
  const pending = fetcher.formData?.get('intent');
  const result = fetcher.data;
  const isSaved = pending ? pending === 'save' : result && 'saved' in result ? result.saved : saved;
  useEffect(() => {
    if (!result) return;
    if ('error' in result) toast.error(result.error);
    else toast.success(result.message);
  }, [result]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set('js', '1');
    void fetcher.submit(form, { method: 'post', action: `/saved/${listingId}` });
  };
  const card = variant === 'card';
  return (
    <form method="post" action={`/saved/${listingId}`} onSubmit={submit} className="contents">
      <input type="hidden" name="intent" value={isSaved ? 'unsave' : 'save'} />
      <input type="hidden" name="back" value={back ?? `${location.pathname}${location.search}`} />
      {card ? (
        // The heart is drawn by the class (app.css, heart-icon), as on the ad page's button.
        <button type="submit" aria-pressed={isSaved} className="save-heart heart-icon">
          <span className="sr-only">{`Save ${title}`}</span>
        </button>
      ) : (
        <button type="submit" aria-pressed={isSaved} className="btn-secondary heart-icon aria-pressed:border-red-600 aria-pressed:text-red-700 dark:aria-pressed:text-red-300">
          {isSaved ? 'Saved' : 'Save'}
        </button>
      )}
    </form>
  );
}

/**
 * Pages with Save buttons keep their data when a save is sent: only the root loader (the
 * header's count) runs again. Use as the route's shouldRevalidate.
 */
export function keepDataAfterSave({ formAction, defaultShouldRevalidate }: { formAction?: string; defaultShouldRevalidate: boolean }): boolean {
  return formAction?.startsWith('/saved/') ? false : defaultShouldRevalidate;
}
