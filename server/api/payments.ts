import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { Auth, Services } from '../context.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { handleWebhook, paymentForOwner, settle, startCheckout, type Payment, type SettleOutcome } from '../payments/payments.ts';
import { paymentsDeps } from '../payments/service.ts';
import { createApiRouter } from './router.ts';

const ErrorSchema = z
  .object({ message: z.string(), errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional() })
  .openapi('Error');

const CheckoutInput = z
  .object({
    email: z.email('Please enter a valid email address.').optional(),
    amount: z.number({ error: 'amount is required and must be a number.' }),
    callback_url: z.string({ error: 'callback_url is required.' }).min(1, 'callback_url is required.'),
    listingId: z.string().optional().openapi({ description: 'Defaults to the listingId query parameter of callback_url' }),
  })
  .openapi('CheckoutInput', { example: { email: 'jane@example.com', amount: 200, callback_url: 'https://soko.co.ke/api/payments/verify?listingId=…' } });

const CheckoutSession = z.object({ url: z.url(), tx_ref: z.string() }).openapi('CheckoutSession');

const PaymentSchema = z
  .object({
    tx_ref: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'cancelled', 'expired']),
    listingId: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    reason: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .openapi('Payment');

const ReturnQuery = z.object({
  listingId: z.string().optional(),
  status: z.string().optional().openapi({ description: 'From the provider; only a hint, never trusted' }),
  tx_ref: z.string().optional(),
  transaction_id: z.string().optional(),
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const bearer = [{ bearer: [] }];

const createCheckout = createRoute({
  method: 'post',
  path: '/payments/create-checkout-session',
  tags: ['payments'],
  summary: 'Start paying 200 KES to feature one of your ads for a week; answers the hosted checkout URL',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: CheckoutInput } } } },
  responses: {
    200: json(CheckoutSession, 'Send the browser to url'),
    400: json(ErrorSchema, 'amount is not 200, callback_url is not on this site, or listingId is missing'),
    401: json(ErrorSchema, 'Not signed in'),
    403: json(ErrorSchema, 'The listing belongs to someone else'),
    404: json(ErrorSchema, 'No such listing'),
    429: json(ErrorSchema, 'Too many attempts'),
    502: json(ErrorSchema, 'The payment provider refused or could not be reached'),
  },
});

const verifyReturn = createRoute({
  method: 'get',
  path: '/payments/verify',
  tags: ['payments'],
  summary: 'Return route the provider sends the browser to: verifies server-side, then redirects to a payment page',
  request: { query: ReturnQuery },
  responses: { 302: { description: 'To /payment-success, /payment-failure or /payment-pending' } },
});

const webhook = createRoute({
  method: 'post',
  path: '/payments/webhook/flutterwave',
  tags: ['payments'],
  summary: 'Flutterwave charge.completed webhook (verif-hash or flutterwave-signature); settles by asking Flutterwave',
  responses: {
    200: json(z.object({ received: z.literal(true), duplicate: z.boolean() }), 'Accepted (duplicates change nothing)'),
    401: json(ErrorSchema, 'Missing or wrong signature; nothing is stored'),
  },
});

const getPayment = createRoute({
  method: 'get',
  path: '/payments/{tx_ref}',
  tags: ['payments'],
  summary: "One of your payments, re-verified while pending (for the page that waits on it)",
  security: bearer,
  request: { params: z.object({ tx_ref: z.string().max(200) }) },
  responses: {
    200: json(PaymentSchema, 'The payment'),
    401: json(ErrorSchema, 'Not signed in'),
    403: json(ErrorSchema, 'Someone else’s payment'),
    404: json(ErrorSchema, 'No such payment'),
  },
});

function requireAuth(c: { get(key: 'auth'): Auth | null }): Auth {
  const auth = c.get('auth');
  if (!auth) throw unauthorized();
  return auth;
}

/** Where the browser goes after the provider, from what settle decided (never from the query). */
export function pageFor(outcome: SettleOutcome | null, fallbackListingId: string | undefined): string {
  if (!outcome) {
    return `/payment-failure?${new URLSearchParams({ listingId: fallbackListingId ?? '', status: 'failed', message: 'Payment not found.' })}`;
  }
  const listingId = outcome.listingId ?? '';
  if (outcome.status === 'succeeded') return `/payment-success?${new URLSearchParams({ listingId, tx_ref: outcome.txRef, status: 'successful' })}`;
  if (outcome.status === 'pending') return `/payment-pending?${new URLSearchParams({ listingId, tx_ref: outcome.txRef })}`;
  const params: Record<string, string> = { listingId, status: outcome.status };
  if (outcome.reason) params.message = outcome.reason;
  return `/payment-failure?${new URLSearchParams(params)}`;
}

export function paymentJson(p: Payment) {
  return {
    tx_ref: p.txRef,
    status: p.status,
    listingId: p.listingId,
    amount: p.amount,
    currency: p.currency,
    reason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    settledAt: p.settledAt?.toISOString() ?? null,
  };
}

export function paymentsRoutes(services: Services) {
  // A checkout creates a provider session; a person needs a handful, a script gets slowed down.
  const checkoutLimit = new RateLimiter(10, 10 * 60_000, 'Too many payment attempts. Please wait a few minutes and try again.');
  // The waiting page polls; the provider is asked at most once per payment every few seconds.
  const recheck = new RateLimiter(1, 4000);

  const app = createApiRouter();

  app.openapi(createCheckout, async (c) => {
    const auth = requireAuth(c);
    const input = c.req.valid('json');
    checkoutLimit.hit(auth.user.id);
    const session = await startCheckout(paymentsDeps(services), {
      userId: auth.user.id,
      userEmail: auth.user.email,
      userName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
      listingId: input.listingId,
      email: input.email,
      amount: input.amount,
      callbackUrl: input.callback_url,
    });
    return c.json(session, 200);
  });

  app.openapi(verifyReturn, async (c) => {
    const q = c.req.valid('query');
    const outcome = q.tx_ref
      ? await settle(paymentsDeps(services), q.tx_ref.slice(0, 200), { providerTxnId: q.transaction_id, returnStatus: q.status })
      : null;
    return c.redirect(pageFor(outcome, q.listingId), 302);
  });

  // Signatures are over the exact bytes, so the body is read raw; webhooks are small.
  app.use('/payments/webhook/*', bodyLimit({ maxSize: 64 * 1024, onError: () => { throw new AppError(413, 'Payload too large.'); } }));
  app.openapi(webhook, async (c) => {
    const deps = paymentsDeps(services);
    const raw = await c.req.text();
    const event = deps.provider.parseWebhook(raw, (name) => c.req.header(name));
    if (!event) {
      services.logger.warn({ reqId: c.get('requestId') }, 'webhook refused: bad or missing signature');
      return c.json({ message: 'Invalid webhook signature.' }, 401);
    }
    const { duplicate } = await handleWebhook(deps, event);
    return c.json({ received: true as const, duplicate }, 200);
  });

  app.openapi(getPayment, async (c) => {
    const auth = requireAuth(c);
    const { tx_ref: txRef } = c.req.valid('param');
    let payment = await paymentForOwner(services.db, txRef, auth.user.id);
    if (payment.status === 'pending' && !recheck.isBlocked(txRef)) {
      recheck.hit(txRef);
      await settle(paymentsDeps(services), txRef);
      payment = await paymentForOwner(services.db, txRef, auth.user.id);
    }
    return c.json(paymentJson(payment), 200);
  });

  return app;
}
