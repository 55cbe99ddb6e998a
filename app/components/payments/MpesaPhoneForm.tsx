import { FEATURE_FEE_KSH } from './fee';
import { BASE } from '#messages/locale.ts';
import { kesAfter, mpesaPhoneNumber, payOnFlutterwave, sendPromptBefore } from '#messages/payments.ts';

/**
 * The M-Pesa number and the button that sends the PIN prompt: a plain form, the same with or
 * without JavaScript. Used to start a payment and to try again after one failed.
 */
export function MpesaPhoneForm(props: { listingId: string; phone: string; error?: string | null; submitLabel?: string }) {
  const errorId = 'mpesa-phone-error';
  return (
    <form method="post" action={`${BASE}/payments/feature/${encodeURIComponent(props.listingId)}/mpesa`} className="card flex flex-col gap-3 p-4 text-left">
      <label className="flex flex-col gap-1">
        <span className="font-medium">{mpesaPhoneNumber}</span>
        <input
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={40}
          defaultValue={props.phone}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          className="input text-lg"
        />
      </label>
      {props.error && (
        <p id={errorId} role="alert" className="font-medium text-red-700 dark:text-red-300">
          {props.error}
        </p>
      )}
      <button type="submit" className="btn-primary">
        {props.submitLabel ?? `${sendPromptBefore}${FEATURE_FEE_KSH}${kesAfter}`}
      </button>
    </form>
  );
}

/** Flutterwave stays available: its hosted page takes M-Pesa and cards. */
export function PayWithFlutterwaveForm({ listingId }: { listingId: string }) {
  return (
    <form method="post" action={`${BASE}/payments/feature/${encodeURIComponent(listingId)}`} className="mt-3">
      <button type="submit" className="btn-secondary w-full">
        {payOnFlutterwave}
      </button>
    </form>
  );
}
