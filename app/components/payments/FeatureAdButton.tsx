import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '~/lib/toast';
import { FEATURE_DURATION_TEXT, FEATURE_FEE_KSH } from './fee';
import {
  cancel,
  costs,
  emailNotFound,
  failedToInitiate,
  featureAd,
  featureYourAd,
  featuringAfter,
  featuringBefore,
  kshAfter,
  orPromptOnPhone,
  payNow,
  payOnProviderPage,
  payWithMpesa,
  redirecting,
  showsFirstFor,
} from '#messages/payments.ts';
import { BASE } from '#messages/locale.ts';

type Props = {
  listingId: string;
  listingTitle: string;
  userEmail: string;
  /** The button's text and size: small 'Feature Ad' on a card by default. */
  label?: string;
  large?: boolean;
  /** M-Pesa Express is set up: offer "Pay with M-Pesa" (the prompt on the phone) beside Pay Now. */
  mpesa?: boolean;
};

/**
 * 'Feature Ad' and its 'Feature Your Ad?' dialog (spec section 2, Manage ads).
 * Without JavaScript it is a <details> disclosure whose form posts to /payments/feature/:id;
 * the server starts the checkout and redirects to the payment page. With JavaScript it opens
 * a modal <dialog> (the top layer, above every card) and Pay Now calls the API as the spec
 * describes, with its toasts (feature-checkout.ts, loaded on the press).
 */
export function FeatureAdButton({ listingId, listingTitle, userEmail, label = featureAd, large = false, mpesa = false }: Props) {
  const details = useRef<HTMLDetailsElement>(null);
  const dialogTitleId = useId();
  const [modal, setModal] = useState(false);
  const [busy, setBusy] = useState(false);

  async function payNow(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!userEmail) {
      toast.error(emailNotFound);
      return;
    }
    setBusy(true);
    // The checkout code is fetched on the press: most visits to these pages feature nothing.
    const started = await import('./feature-checkout').then(
      (m) => m.startFeatureCheckout(listingId, userEmail),
      () => {
        toast.error(failedToInitiate);
        return false;
      },
    );
    if (!started) setBusy(false);
  }

  const closeDetails = () => {
    if (details.current) details.current.open = false;
  };

  return (
    <>
      <details ref={details} className="w-full">
        <summary
          className={`btn-primary cursor-pointer list-none [&::-webkit-details-marker]:hidden ${large ? 'w-full' : 'px-3 py-1.5 text-xs'}`}
          // One per card on Manage ads: the ad's title tells them apart for screen readers.
          aria-label={`${label}: ${listingTitle}`}
          onClick={(e) => {
            // With JavaScript the modal dialog replaces the inline disclosure.
            e.preventDefault();
            setModal(true);
          }}
        >
          {label}
        </summary>
        <div className="mt-2 rounded-lg border border-gray-200 p-3 dark:border-gray-700">
          <FeatureForm listingId={listingId} listingTitle={listingTitle} mpesa={mpesa} busy={busy} onSubmit={payNow} onCancel={closeDetails} />
        </div>
      </details>
      {modal && (
        <FeatureDialog labelledBy={dialogTitleId} onClose={() => setModal(false)}>
          {(close) => (
            <FeatureForm titleId={dialogTitleId} listingId={listingId} listingTitle={listingTitle} mpesa={mpesa} busy={busy} onSubmit={payNow} onCancel={close} />
          )}
        </FeatureDialog>
      )}
    </>
  );
}

function FeatureDialog(props: { labelledBy: string; onClose: () => void; children: (close: () => void) => React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      aria-labelledby={props.labelledBy}
      onClose={props.onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-5 text-left text-gray-900 shadow-xl backdrop:bg-black/50 dark:bg-gray-900 dark:text-gray-100"
    >
      {props.children(close)}
    </dialog>
  );
}

function FeatureForm(props: {
  titleId?: string;
  listingId: string;
  listingTitle: string;
  mpesa: boolean;
  busy: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}) {
  const ownId = useId();
  const titleId = props.titleId ?? ownId;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-bold">
        {featureYourAd}
        {/* Each card has this form: the title makes every region's name its own. */}
        <span className="sr-only"> {props.listingTitle}</span>
      </h2>
      <div className="mt-2 space-y-2 text-sm text-gray-700 dark:text-gray-300">
        <p>
          {featuringBefore}
          <strong className="break-words">{props.listingTitle}</strong>
          {costs}
          <strong>
            {FEATURE_FEE_KSH}
            {kshAfter}
          </strong>
          {showsFirstFor}
          <strong>{FEATURE_DURATION_TEXT}</strong>
          {featuringAfter}
        </p>
        <p>{payOnProviderPage}</p>
      </div>
      {props.mpesa && (
        // A link, not a button: the number is asked on a page of its own, which works without JavaScript.
        <p className="mt-3 text-sm">
          {orPromptOnPhone}{' '}
          <a href={`${BASE}/payments/feature/${encodeURIComponent(props.listingId)}/mpesa`} className="font-semibold text-brand-700 underline dark:text-brand-100">
            {payWithMpesa}
          </a>
        </p>
      )}
      <form
        method="post"
        action={`${BASE}/payments/feature/${encodeURIComponent(props.listingId)}`}
        onSubmit={props.onSubmit}
        className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        {/* Without JavaScript, Cancel reloads Manage ads, which closes the disclosure. */}
        <button
          type="submit"
          formMethod="get"
          formAction={`${BASE}/manage-ads`}
          className="btn-secondary"
          onClick={(e) => {
            e.preventDefault();
            props.onCancel();
          }}
        >
          {cancel}
        </button>
        <button type="submit" className="btn-primary" disabled={props.busy} aria-busy={props.busy}>
          {props.busy ? redirecting : payNow}
        </button>
      </form>
    </section>
  );
}
