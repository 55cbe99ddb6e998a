import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { flutterwaveSignature } from '../flutterwave.ts';
import type { FetchLike } from '../provider.ts';
import { hostedDonePage, hostedPayPage } from './hosted-page.ts';

/**
 * A faithful fake of the parts of Flutterwave v3 that Soko uses (reference/payment-providers.md
 * 1.1-1.4 and the checklist in 5.4): create payment, the hosted page, both verify endpoints and
 * the charge.completed webhook. The real adapter talks to it over HTTP, so the whole flow runs
 * offline. Switches let tests make it misbehave the ways the real one does.
 */

/** Test switches; set per transaction (by tx_ref) or as defaults for every transaction. */
type SandboxSwitches = {
  /** What the customer is really charged, to simulate a tampered amount. */
  paidAmount?: number;
  paidCurrency?: string;
  /** Outcome of "Pay" (default successful). */
  outcome?: 'successful' | 'failed';
  /** Verify answers "pending" this many times after paying, then the outcome (slow M-Pesa). */
  pendingVerifies?: number;
  /** once (default), duplicate (sent twice), none (never sent), bad-signature. */
  webhook?: 'once' | 'duplicate' | 'none' | 'bad-signature';
  /** Which signature headers are sent (default both). */
  webhookScheme?: 'both' | 'verif-hash' | 'flutterwave-signature';
  /** Delay before the webhook goes out (a late webhook). */
  webhookDelayMs?: number;
  /** The next N API calls for this transaction (or any, as a default) answer 500. */
  failNext?: number;
  /** Every API answer waits this long (a slow provider). */
  delayMs?: number;
};

type TxState = 'awaiting' | 'pending' | 'successful' | 'failed' | 'cancelled';

type SandboxTx = {
  id: number;
  hostedId: string;
  txRef: string;
  flwRef: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  email: string;
  name: string;
  phone: string;
  title: string;
  description: string;
  meta: Record<string, unknown>;
  state: TxState;
  /** The outcome a pending transaction turns into. */
  finalState: 'successful' | 'failed';
  pendingLeft: number;
  paidAmount: number;
  paidCurrency: string;
  createdAt: Date;
};

export const SANDBOX_SECRET_KEY = 'FLWSECK_TEST-sokosandbox0000000000000000-X';
export const SANDBOX_WEBHOOK_HASH = 'soko-sandbox-webhook-hash';

type SandboxOptions = {
  /** Public base of the sandbox as browsers reach it, e.g. http://localhost:3000/sandbox/flutterwave */
  publicBaseUrl: string;
  secretKey: string;
  webhookHash: string;
  /** Our own webhook route. */
  webhookUrl: string;
  /** How webhooks are delivered (global fetch, or app.request in tests). */
  deliver: FetchLike;
  onDeliveryError?: (error: unknown) => void;
};

export type FlutterwaveSandbox = ReturnType<typeof createFlutterwaveSandbox>;

export function createFlutterwaveSandbox(options: SandboxOptions) {
  const byRef = new Map<string, SandboxTx>();
  const byHostedId = new Map<string, SandboxTx>();
  const byId = new Map<number, SandboxTx>();
  const perTx = new Map<string, SandboxSwitches>();
  let defaults: SandboxSwitches = {};
  const inFlight = new Set<Promise<void>>();
  let nextId = 4_100_000 + Math.floor(Math.random() * 100_000);

  const switchesFor = (txRef: string | undefined): SandboxSwitches => ({ ...defaults, ...(txRef ? perTx.get(txRef) : {}) });

  /** Consumes one forced 5xx, from the transaction's switches first, then the defaults. */
  function takeFailure(txRef: string | undefined): boolean {
    const own = txRef ? perTx.get(txRef) : undefined;
    if (own?.failNext && own.failNext > 0) {
      own.failNext -= 1;
      return true;
    }
    if (defaults.failNext && defaults.failNext > 0) {
      defaults.failNext -= 1;
      return true;
    }
    return false;
  }

  function transactionJson(tx: SandboxTx) {
    const fee = Math.round(tx.paidAmount * 0.014 * 100) / 100;
    return {
      id: tx.id,
      tx_ref: tx.txRef,
      flw_ref: tx.flwRef,
      device_fingerprint: 'N/A',
      amount: tx.paidAmount,
      currency: tx.paidCurrency,
      charged_amount: tx.paidAmount,
      app_fee: fee,
      merchant_fee: 0,
      processor_response: tx.state === 'failed' ? 'Transaction failed: insufficient funds (sandbox)' : 'The service request is processed successfully.',
      auth_model: 'LIPA_MPESA',
      ip: '127.0.0.1',
      narration: tx.title,
      status: tx.state,
      payment_type: 'mpesa',
      created_at: tx.createdAt.toISOString(),
      account_id: 20_240,
      amount_settled: Math.round((tx.paidAmount - fee) * 100) / 100,
      meta: tx.meta,
      customer: { id: 1, name: tx.name || 'Anonymous customer', phone_number: tx.phone || 'N/A', email: tx.email, created_at: tx.createdAt.toISOString() },
    };
  }

  function webhookBody(tx: SandboxTx): string {
    return JSON.stringify({ event: 'charge.completed', data: transactionJson(tx), 'event.type': 'MPESA_TRANSACTION' });
  }

  /** Sends charge.completed in the background, the way Flutterwave does, honouring the switches. */
  function emitWebhook(tx: SandboxTx, force = false): void {
    const s = switchesFor(tx.txRef);
    const mode = force ? 'once' : (s.webhook ?? 'once');
    if (mode === 'none') return;
    const body = webhookBody(tx);
    const hash = mode === 'bad-signature' ? 'not-the-secret-hash' : options.webhookHash;
    const scheme = s.webhookScheme ?? 'both';
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'Flutterwave-Sandbox/1.0' };
    if (scheme !== 'flutterwave-signature') headers['verif-hash'] = hash;
    if (scheme !== 'verif-hash') headers['flutterwave-signature'] = flutterwaveSignature(body, hash);
    const times = mode === 'duplicate' ? 2 : 1;
    const delivery = (async () => {
      if (s.webhookDelayMs) await sleep(s.webhookDelayMs);
      for (let i = 0; i < times; i++) {
        try {
          const res = await options.deliver(options.webhookUrl, { method: 'POST', headers, body });
          await res.arrayBuffer();
        } catch (error) {
          options.onDeliveryError?.(error);
        }
      }
    })();
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  function withParams(url: string, params: Record<string, string>): string {
    // Flutterwave appends with & when the redirect URL already has a query string.
    return url + (url.includes('?') ? '&' : '?') + new URLSearchParams(params).toString();
  }

  /** The customer pressed "Pay": returns where the browser goes next. */
  function pay(txRef: string): string | null {
    const tx = byRef.get(txRef);
    if (!tx || tx.state !== 'awaiting') return null;
    const s = switchesFor(txRef);
    tx.paidAmount = s.paidAmount ?? tx.amount;
    tx.paidCurrency = s.paidCurrency ?? tx.currency;
    tx.finalState = s.outcome ?? 'successful';
    tx.pendingLeft = s.pendingVerifies ?? 0;
    tx.state = tx.pendingLeft > 0 ? 'pending' : tx.finalState;
    if (tx.state !== 'pending') emitWebhook(tx);
    return withParams(tx.redirectUrl, { status: tx.state, tx_ref: tx.txRef, transaction_id: String(tx.id) });
  }

  /** The customer pressed "Cancel": no transaction id, as with the real hosted page. */
  function cancel(txRef: string): string | null {
    const tx = byRef.get(txRef);
    if (!tx || tx.state !== 'awaiting') return null;
    tx.state = 'cancelled';
    return withParams(tx.redirectUrl, { status: 'cancelled', tx_ref: tx.txRef });
  }

  /** A pending charge completes (the M-Pesa prompt was finally answered). */
  function resolve(txRef: string): boolean {
    const tx = byRef.get(txRef);
    if (!tx || tx.state !== 'pending') return false;
    tx.pendingLeft = 0;
    tx.state = tx.finalState;
    emitWebhook(tx);
    return true;
  }

  const app = new Hono();

  // The API answers JSON in Flutterwave's envelope; slow and failing answers come first.
  const apiError = (c: Context, status: 400 | 401 | 404 | 500, message: string) => c.json({ status: 'error', message, data: null }, status);

  async function gate(c: Context, txRef: string | undefined): Promise<Response | null> {
    const s = switchesFor(txRef);
    if (s.delayMs) await sleep(s.delayMs);
    if (c.req.header('authorization') !== `Bearer ${options.secretKey}`) return apiError(c, 401, 'Invalid authorization key');
    if (takeFailure(txRef)) return apiError(c, 500, 'Internal server error (sandbox switch)');
    return null;
  }

  app.post('/v3/payments', async (c) => {
    let body: Record<string, unknown>;
    try {
      body = (await c.req.json()) as Record<string, unknown>;
    } catch {
      return apiError(c, 400, 'Invalid JSON body');
    }
    const txRef = typeof body.tx_ref === 'string' ? body.tx_ref : undefined;
    const blocked = await gate(c, txRef);
    if (blocked) return blocked;
    const customer = (body.customer ?? {}) as Record<string, unknown>;
    const amount = Number(body.amount);
    if (!txRef) return apiError(c, 400, 'tx_ref is required');
    if (!Number.isFinite(amount) || amount <= 0) return apiError(c, 400, 'amount is required');
    if (typeof customer.email !== 'string' || !customer.email.includes('@')) return apiError(c, 400, 'customer.email is required');
    if (typeof body.redirect_url !== 'string' || !/^https?:\/\//.test(body.redirect_url)) return apiError(c, 400, 'redirect_url is required');
    if (byRef.has(txRef)) return apiError(c, 400, 'Transaction Reference already exist. Try again in 2 minutes time to use the same ref for a new transaction');
    const customizations = (body.customizations ?? {}) as Record<string, unknown>;
    const tx: SandboxTx = {
      id: nextId++,
      hostedId: randomBytes(8).toString('hex'),
      txRef,
      flwRef: `FLW-SANDBOX-${randomBytes(6).toString('hex').toUpperCase()}`,
      amount,
      // Like the real API: leaving the currency out means Nigerian naira.
      currency: typeof body.currency === 'string' ? body.currency : 'NGN',
      redirectUrl: body.redirect_url,
      email: customer.email,
      name: typeof customer.name === 'string' ? customer.name : '',
      phone: String(customer.phonenumber ?? customer.phone_number ?? ''),
      title: typeof customizations.title === 'string' ? customizations.title : 'Payment',
      description: typeof customizations.description === 'string' ? customizations.description : '',
      meta: (body.meta ?? {}) as Record<string, unknown>,
      state: 'awaiting',
      finalState: 'successful',
      pendingLeft: 0,
      paidAmount: amount,
      paidCurrency: typeof body.currency === 'string' ? body.currency : 'NGN',
      createdAt: new Date(),
    };
    byRef.set(txRef, tx);
    byHostedId.set(tx.hostedId, tx);
    byId.set(tx.id, tx);
    return c.json({ status: 'success', message: 'Hosted Link', data: { link: `${options.publicBaseUrl}/v3/hosted/pay/${tx.hostedId}` } });
  });

  function verifyAnswer(c: Context, tx: SandboxTx | undefined) {
    // Until the customer attempts a charge there is no transaction to find.
    if (!tx || tx.state === 'awaiting' || tx.state === 'cancelled') return apiError(c, 404, 'No transaction was found for this id');
    if (tx.state === 'pending') {
      if (tx.pendingLeft > 0) tx.pendingLeft -= 1;
      else {
        tx.state = tx.finalState;
        emitWebhook(tx);
      }
    }
    return c.json({ status: 'success', message: 'Transaction fetched successfully', data: transactionJson(tx) });
  }

  app.get('/v3/transactions/verify_by_reference', async (c) => {
    const txRef = c.req.query('tx_ref');
    const blocked = await gate(c, txRef);
    if (blocked) return blocked;
    if (!txRef) return apiError(c, 400, 'tx_ref is required');
    return verifyAnswer(c, byRef.get(txRef));
  });

  app.get('/v3/transactions/:id/verify', async (c) => {
    const tx = byId.get(Number(c.req.param('id')));
    const blocked = await gate(c, tx?.txRef);
    if (blocked) return blocked;
    return verifyAnswer(c, tx);
  });

  // The hosted checkout page, as the browser sees it.
  app.get('/v3/hosted/pay/:id', (c) => {
    const tx = byHostedId.get(c.req.param('id'));
    if (!tx) return c.html(hostedDonePage({ message: 'This payment link is not valid.', returnUrl: null }), 404);
    if (tx.state !== 'awaiting') {
      return c.html(hostedDonePage({ message: 'This payment has already been completed or cancelled.', returnUrl: tx.redirectUrl }));
    }
    return c.html(
      hostedPayPage({
        action: `${options.publicBaseUrl}/v3/hosted/pay/${tx.hostedId}`,
        amount: tx.amount,
        currency: tx.currency,
        title: tx.title,
        description: tx.description,
        email: tx.email,
      }),
    );
  });

  app.post('/v3/hosted/pay/:id', async (c) => {
    const tx = byHostedId.get(c.req.param('id'));
    if (!tx) return c.html(hostedDonePage({ message: 'This payment link is not valid.', returnUrl: null }), 404);
    const form = await c.req.parseBody();
    const location = form.choice === 'cancel' ? cancel(tx.txRef) : pay(tx.txRef);
    if (!location) return c.html(hostedDonePage({ message: 'This payment has already been completed or cancelled.', returnUrl: tx.redirectUrl }), 409);
    return c.redirect(location, 302);
  });

  // Control API: exists only in the sandbox, lets tests and demos steer it over HTTP.
  app.post('/_control/switches', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as SandboxSwitches & { tx_ref?: string };
    const { tx_ref: txRef, ...switches } = body;
    setSwitches(switches, txRef);
    return c.json({ ok: true });
  });
  app.post('/_control/reset', (c) => {
    reset();
    return c.json({ ok: true });
  });
  app.post('/_control/transactions/:txRef/pay', (c) => {
    const location = pay(c.req.param('txRef'));
    return location ? c.json({ redirect: location }) : c.json({ message: 'No payable transaction with that tx_ref.' }, 404);
  });
  app.post('/_control/transactions/:txRef/cancel', (c) => {
    const location = cancel(c.req.param('txRef'));
    return location ? c.json({ redirect: location }) : c.json({ message: 'No payable transaction with that tx_ref.' }, 404);
  });
  app.post('/_control/transactions/:txRef/resolve', (c) =>
    resolve(c.req.param('txRef')) ? c.json({ ok: true }) : c.json({ message: 'No pending transaction with that tx_ref.' }, 404),
  );
  app.post('/_control/transactions/:txRef/webhook', (c) => {
    const tx = byRef.get(c.req.param('txRef'));
    if (!tx || tx.state === 'awaiting' || tx.state === 'cancelled') return c.json({ message: 'No charged transaction with that tx_ref.' }, 404);
    emitWebhook(tx, true);
    return c.json({ ok: true });
  });
  app.get('/_control/transactions/:txRef', (c) => {
    const tx = byRef.get(c.req.param('txRef'));
    return tx ? c.json({ ...transactionJson(tx), redirect_url: tx.redirectUrl, requested_amount: tx.amount }) : c.json({ message: 'Not found.' }, 404);
  });

  function setSwitches(switches: SandboxSwitches, txRef?: string): void {
    if (txRef) perTx.set(txRef, { ...perTx.get(txRef), ...switches });
    else defaults = { ...defaults, ...switches };
  }

  function reset(): void {
    defaults = {};
    perTx.clear();
  }

  return {
    app,
    secretKey: options.secretKey,
    webhookHash: options.webhookHash,
    setSwitches,
    reset,
    pay,
    cancel,
    resolve,
    /** Re-sends charge.completed for a charged transaction (like resend-hook). */
    resendWebhook(txRef: string): boolean {
      const tx = byRef.get(txRef);
      if (!tx || tx.state === 'awaiting' || tx.state === 'cancelled') return false;
      emitWebhook(tx, true);
      return true;
    },
    /** The charge.completed body Flutterwave would send for this transaction now. */
    webhookBody(txRef: string): string | null {
      const tx = byRef.get(txRef);
      return tx ? webhookBody(tx) : null;
    },
    transaction(txRef: string) {
      const tx = byRef.get(txRef);
      return tx ? { ...tx } : null;
    },
    /** Resolves once every webhook delivery started so far has finished. */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
