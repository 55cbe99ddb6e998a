/**
 * The provider-neutral contract (reference/payment-providers.md 5.2). The domain code in
 * payments.ts only speaks this; Flutterwave is one adapter, a Daraja or Paystack one would be
 * another, chosen in service.ts.
 */

/** A fetch-compatible function: global fetch in production, app.request in tests. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type CheckoutRequest = {
  txRef: string;
  amountKes: number;
  email: string;
  name?: string;
  /** Where the provider sends the browser back; it appends its own query parameters. */
  returnUrl: string;
  meta: Record<string, string>;
};

/** What the provider says about one payment, server to server. */
export type Verification =
  | { found: false }
  | {
      found: true;
      status: 'succeeded' | 'failed' | 'pending';
      txRef: string;
      amount: number;
      currency: string;
      providerTxnId: string;
      /** The processor's words on a failure, when it gives any. */
      reason?: string;
      /** A failure the customer chose (an M-Pesa prompt cancelled): stored as cancelled. */
      cancelled?: boolean;
    };

/** A webhook whose signature checked out. The body itself is never trusted beyond naming the payment. */
export type WebhookEvent = {
  type: string;
  txRef?: string;
  providerTxnId?: string;
  /** Stable per delivery of the same event, so duplicates and replays can be recognised. */
  dedupeKey: string;
  payload: unknown;
};

export interface PaymentProvider {
  readonly name: 'flutterwave';
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  verify(query: { txRef: string; providerTxnId?: string }): Promise<Verification>;
  /** null when the signature is missing or wrong. */
  parseWebhook(rawBody: string, header: (name: string) => string | undefined): WebhookEvent | null;
}

/**
 * The provider could not give an answer (network error, timeout, 5xx, bad credentials).
 * Never a reason to fail a payment: it stays pending and is verified again later.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused a request (for example a duplicate tx_ref on create). */
export class ProviderRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRejectedError';
  }
}
