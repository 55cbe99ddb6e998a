import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '~/lib/toast';
import { FEATURE_DURATION_TEXT, FEATURE_FEE_KSH, featureCallbackUrl } from './fee';

type Props = { listingId: string; listingTitle: string; userEmail: string };

/**
 * 'Feature Ad' and its 'Feature Your Ad?' dialog (spec section 2, Manage ads).
 * Without JavaScript it is a <details> disclosure whose form posts to /payments/feature/:id,
 * which starts the checkout on the server and redirects to the payment page. With JavaScript,
 * Pay Now calls the API as the spec describes and shows its toasts.
 */
export function FeatureAdButton({ listingId, listingTitle, userEmail }: Props) {
  const details = useRef<HTMLDetailsElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();

  const close = () => {
    if (details.current) details.current.open = false;
    details.current?.querySelector('summary')?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && details.current?.open) {
      event.preventDefault();
      close();
    }
  };

  async function payNow(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!userEmail) {
      toast.error('User email not found. Cannot initiate payment.');
      return;
    }
    setBusy(true);
    try {
      const res = await fetch('/api/payments/create-checkout-session', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          email: userEmail,
          amount: FEATURE_FEE_KSH,
          callback_url: featureCallbackUrl(window.location.origin, listingId),
          listingId,
        }),
      });
      if (res.status === 401) {
        toast.error('You must be logged in to feature an ad.');
        setBusy(false);
        return;
      }
      const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!res.ok) {
        toast.error(body.message || 'Failed to initiate payment.');
        setBusy(false);
        return;
      }
      if (!body.url) {
        toast.error('Payment initiated, but no redirect URL received from the server...');
        setBusy(false);
        return;
      }
      toast.success('Redirecting to payment gateway...');
      window.location.assign(body.url);
    } catch {
      toast.error('Failed to initiate payment.');
      setBusy(false);
    }
  }

  return (
    <details
      ref={details}
      onKeyDown={onKeyDown}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) cancelButton.current?.focus();
      }}
    >
      <summary className="btn-primary cursor-pointer list-none [&::-webkit-details-marker]:hidden">Feature Ad</summary>
      <div
        className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 p-4 sm:items-center"
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
      >
        <div role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} className="card w-full max-w-md p-5 text-left">
          <h2 id={titleId} className="text-lg font-bold">
            Feature Your Ad?
          </h2>
          <div id={textId} className="mt-2 space-y-2 text-sm text-gray-700 dark:text-gray-300">
            <p>
              Featuring <strong className="break-words">{listingTitle}</strong> costs <strong>{FEATURE_FEE_KSH} Ksh</strong> and keeps it at
              the top of the listings with a Featured badge for <strong>{FEATURE_DURATION_TEXT}</strong>.
            </p>
            <p>You will pay on the payment provider&apos;s secure page (M-Pesa or card).</p>
          </div>
          <form method="post" action={`/payments/feature/${encodeURIComponent(listingId)}`} onSubmit={payNow} className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {/* Without JavaScript, Cancel reloads Manage ads, which closes the dialog. */}
            <button
              ref={cancelButton}
              type="submit"
              formMethod="get"
              formAction="/manage-ads"
              className="btn-secondary"
              onClick={(e) => {
                e.preventDefault();
                close();
              }}
            >
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? 'Redirecting...' : 'Pay Now'}
            </button>
          </form>
        </div>
      </div>
    </details>
  );
}
