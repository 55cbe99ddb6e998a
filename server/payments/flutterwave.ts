import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type CheckoutRequest,
  type FetchLike,
  type PaymentProvider,
  type Verification,
  type WebhookEvent,
} from './provider.ts';

/**
 * Flutterwave v3 Standard (hosted checkout) over HTTP, to the contract in
 * reference/payment-providers.md section 1. The same code talks to api.flutterwave.com and to
 * the built-in sandbox; only baseUrl and the keys differ.
 */
type FlutterwaveOptions = {
  /** Without the /v3 suffix, e.g. https://api.flutterwave.com */
  baseUrl: string;
  secretKey: string;
  /** The dashboard "secret hash"; without it every webhook is refused. */
  webhookHash: string | undefined;
  fetch?: FetchLike;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts for verify only: creating a payment is never retried blindly. */
  verifyRetries?: number;
  retryDelayMs?: number;
};

type FlwEnvelope<T> = { status?: string; message?: string; data?: T | null };
type FlwTransaction = {
  id?: number | string;
  tx_ref?: string;
  amount?: number | string;
  currency?: string;
  status?: string;
  processor_response?: string;
};

export function createFlutterwaveProvider(options: FlutterwaveOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const verifyRetries = options.verifyRetries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 500;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: FlwEnvelope<T> }> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The race also covers fetch-likes that ignore the abort signal (in-process test requests).
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ProviderUnavailableError(`Flutterwave did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      const response = await Promise.race([
        doFetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${options.secretKey}`,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        }),
        timeout,
      ]);
      const text = await Promise.race([response.text(), timeout]);
      let json: FlwEnvelope<T> = {};
      try {
        json = JSON.parse(text) as FlwEnvelope<T>;
      } catch {
        if (response.status < 500) throw new ProviderUnavailableError(`Flutterwave answered ${response.status} without JSON`);
      }
      if (response.status >= 500) throw new ProviderUnavailableError(`Flutterwave answered ${response.status}`);
      return { status: response.status, json };
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw error;
      throw new ProviderUnavailableError('Flutterwave could not be reached', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async function verifyOnce(path: string): Promise<Verification> {
    const { status, json } = await call<FlwTransaction>('GET', path);
    if (status === 401 || status === 403) throw new ProviderUnavailableError(`Flutterwave refused our key (${status}): ${json.message ?? ''}`);
    // "No transaction was found": nothing was charged (yet) for this reference.
    if (status >= 400 || json.status !== 'success' || !json.data) return { found: false };
    const d = json.data;
    return {
      found: true,
      status: d.status === 'successful' ? 'succeeded' : d.status === 'failed' ? 'failed' : 'pending',
      txRef: String(d.tx_ref ?? ''),
      amount: Number(d.amount),
      currency: String(d.currency ?? ''),
      providerTxnId: String(d.id ?? ''),
      reason: d.status === 'failed' && d.processor_response ? d.processor_response : undefined,
    };
  }

  return {
    name: 'flutterwave',

    async createCheckout(request: CheckoutRequest) {
      const { status, json } = await call<{ link?: string }>('POST', '/v3/payments', {
        tx_ref: request.txRef,
        amount: request.amountKes,
        // Flutterwave defaults to NGN when the currency is left out.
        currency: 'KES',
        redirect_url: request.returnUrl,
        payment_options: 'mpesa,card',
        customer: { email: request.email, ...(request.name ? { name: request.name } : {}) },
        customizations: { title: 'Feature your ad on Soko', description: 'Featured listing for 7 days' },
        meta: request.meta,
        session_duration: 60,
      });
      const link = json.data?.link;
      if (status >= 400 || json.status !== 'success' || !link) {
        throw new ProviderRejectedError(json.message || `Flutterwave refused the payment (${status})`);
      }
      return { url: link };
    },

    async verify({ txRef, providerTxnId }) {
      // The numeric id comes from an untrusted redirect; only digits may reach the URL.
      const path =
        providerTxnId && /^\d{1,20}$/.test(providerTxnId)
          ? `/v3/transactions/${providerTxnId}/verify`
          : `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`;
      for (let attempt = 0; ; attempt++) {
        try {
          return await verifyOnce(path);
        } catch (error) {
          if (attempt >= verifyRetries) throw error;
          await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** attempt));
        }
      }
    },

    parseWebhook(rawBody, header) {
      if (!options.webhookHash || !isSignedByFlutterwave(rawBody, header, options.webhookHash)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      if (!parsed || typeof parsed !== 'object') return null;
      const body = parsed as { event?: unknown; data?: FlwTransaction | null };
      const data = body.data ?? {};
      const id = data.id === undefined || data.id === null ? undefined : String(data.id);
      const event: WebhookEvent = {
        type: typeof body.event === 'string' ? body.event : 'unknown',
        txRef: typeof data.tx_ref === 'string' ? data.tx_ref : undefined,
        providerTxnId: id,
        // The same transaction in the same state is the same event, however often it is delivered.
        dedupeKey: id ? `${id}:${String(data.status ?? '')}` : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`,
        payload: body,
      };
      return event;
    },
  };
}

/**
 * Two schemes are in use (reference 1.4): the legacy `verif-hash` header equal to the secret
 * hash, and `flutterwave-signature` = base64(HMAC-SHA256(raw body, secret hash)). Either is
 * accepted; both are compared in constant time.
 */
function isSignedByFlutterwave(rawBody: string, header: (name: string) => string | undefined, secretHash: string): boolean {
  const signature = header('flutterwave-signature');
  if (signature) {
    const expected = createHmac('sha256', secretHash).update(rawBody, 'utf8').digest('base64');
    if (constantTimeEqual(signature, expected)) return true;
  }
  const verifHash = header('verif-hash');
  return !!verifHash && constantTimeEqual(verifHash, secretHash);
}

/** Hashing first makes both sides the same length, so timingSafeEqual leaks nothing about it. */
function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** What the sandbox and tests sign webhooks with. */
export function flutterwaveSignature(rawBody: string, secretHash: string): string {
  return createHmac('sha256', secretHash).update(rawBody, 'utf8').digest('base64');
}
