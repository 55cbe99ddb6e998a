import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { escapeHtml } from '~/lib/html';
import { toast } from '~/lib/toast';
import { BASE } from '#messages/locale.ts';
import { save, saveAd, saved as savedText } from '#messages/browse.ts';

/** What POST /saved/:id answers a JavaScript submission (a plain form gets a redirect instead). */
export type SaveResult = { saved: boolean; message: string } | { error: string };

type Props = {
  listingId: string;
  /** Whether the signed-in visitor has saved it (false for visitors). */
  saved: boolean;
  /** Where a plain form submission comes back to. */
  back: string;
};

/**
 * The ad page's Save / Saved button. Without JavaScript it is a form: POST /saved/:id saves (or
 * removes) and sends the browser back to the page; a visitor goes through login first. With
 * JavaScript the same form is sent by a fetcher: the button flips at once (aria-pressed), a toast
 * confirms, and the page is not reloaded (only the header's count is).
 */
export function SaveButton({ listingId, saved, back }: Props) {
  const fetcher = useFetcher<SaveResult>();
  const pending = fetcher.formData?.get('intent');
  const result = fetcher.data;
  const isSaved = pending ? pending === 'save' : result && 'saved' in result ? result.saved : saved;
  useEffect(() => {
    if (result) showSaveToast(result);
  }, [result]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void fetcher.submit(jsForm(event.currentTarget), { method: 'post', action: `/saved/${listingId}` });
  };
  return (
    <form method="post" action={`${BASE}/saved/${listingId}`} onSubmit={submit} className="contents">
      <input type="hidden" name="intent" value={isSaved ? 'unsave' : 'save'} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" aria-pressed={isSaved} className="btn-secondary heart-icon aria-pressed:border-red-600 aria-pressed:text-red-700 dark:aria-pressed:text-red-300">
        {isSaved ? savedText : save}
      </button>
    </form>
  );
}

/**
 * The heart over a card's photo, as HTML in the card's string (ListingCard): the same form as the
 * ad page's button. Without JavaScript it is sent as it is; with JavaScript the list around the
 * cards sends it (useCardSaves).
 */
export function cardHeartHtml(listingId: string, title: string, heart: { saved: boolean; back: string }): string {
  const id = escapeHtml(listingId);
  return (
    `<form class="contents" data-card-save="${id}" action="${BASE}/saved/${id}" method="post">` +
    `<input type="hidden" name="intent" value="${heart.saved ? 'unsave' : 'save'}"/><input type="hidden" name="back" value="${escapeHtml(heart.back)}"/>` +
    // The heart is drawn by the class (app.css, heart-icon), as on the ad page's button.
    `<button type="submit" aria-pressed="${heart.saved}" class="save-heart heart-icon"><span class="sr-only">${saveAd}${escapeHtml(title)}</span></button></form>`
  );
}

/** Shows a heart as saved or not: what its button says, and what its form will ask next. */
function showHeart(form: HTMLFormElement, saved: boolean): void {
  form.querySelector('button')?.setAttribute('aria-pressed', String(saved));
  const intent = form.elements.namedItem('intent');
  if (intent instanceof HTMLInputElement) intent.value = saved ? 'unsave' : 'save';
}

type SaveRequest = { key: number; listingId: string; form: FormData; element: HTMLFormElement };
let nextRequestKey = 1;

/**
 * A list's card hearts, sent with JavaScript: one submit listener for the list, the heart flipped
 * at once, and a fetcher only for a save in flight (SendSave), which toasts its answer. A failed
 * save puts the heart back as it was before the tap.
 *
 * The hearts are part of their cards' HTML strings, so a tap flips the heart in the page itself
 * rather than through the cards' props: a new string would replace the card's markup, and the
 * button with the keyboard's focus with it. The strings change only with new loader data
 * (another page, or the Saved ads list loaded again), which then says what is saved.
 */
export function useCardSaves(savedIds: readonly string[] | undefined) {
  const location = useLocation();
  const [requests, setRequests] = useState<readonly SaveRequest[]>([]);
  const finish = useCallback((request: SaveRequest, result: SaveResult) => {
    setRequests((list) => list.filter((r) => r !== request));
    showHeart(request.element, 'saved' in result ? result.saved : request.form.get('intent') !== 'save');
  }, []);
  const onSubmit = (event: FormEvent<HTMLElement>) => {
    const element = event.target as HTMLFormElement;
    const listingId = element.dataset.cardSave;
    if (!listingId) return;
    event.preventDefault();
    const request = { key: nextRequestKey++, listingId, form: jsForm(element), element };
    showHeart(element, request.form.get('intent') === 'save');
    setRequests((list) => [...list, request]);
  };
  const savedSet = savedIds ? new Set(savedIds) : null;
  const back = `${location.pathname}${location.search}`;
  return {
    /** A card's heart (ListingCard's `heart`); undefined when the list has no hearts. */
    heart: (listingId: string) => (savedSet ? { saved: savedSet.has(listingId), back } : undefined),
    onSubmit,
    inFlight: requests.map((r) => <SendSave key={r.key} request={r} onDone={finish} />) as ReactNode,
  };
}

function SendSave({ request, onDone }: { request: SaveRequest; onDone: (request: SaveRequest, result: SaveResult) => void }) {
  const fetcher = useFetcher<SaveResult>();
  useEffect(() => {
    void fetcher.submit(request.form, { method: 'post', action: `/saved/${request.listingId}` });
    // Sent once, when the tap mounts it; fetcher.submit's identity is not a reason to send again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    showSaveToast(result);
    onDone(request, result);
  }, [result, request, onDone]);
  return null;
}

function showSaveToast(result: SaveResult): void {
  if ('error' in result) toast.error(result.error);
  else toast.success(result.message);
}

/** The form's fields, marked as sent by JavaScript (the server answers JSON, not a redirect). */
function jsForm(form: HTMLFormElement): FormData {
  const data = new FormData(form);
  data.set('js', '1');
  return data;
}

/**
 * Pages with Save buttons keep their data when a save is sent: only the root loader (the
 * header's count) runs again. Use as the route's shouldRevalidate.
 */
export function keepDataAfterSave({ formAction, defaultShouldRevalidate }: { formAction?: string; defaultShouldRevalidate: boolean }): boolean {
  return formAction?.startsWith('/saved/') ? false : defaultShouldRevalidate;
}
