import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { requireAuth } from '../http/guards.ts';
import { handleWebhook, startCheckout } from '../payments/payments.ts';
import { paymentsDeps } from '../payments/service.ts';
import { acceptStkCallback, startStkPush } from '../payments/mpesa/stk-payments.ts';
import { currentPayment, pageForPayment, paymentJson, returnFromProvider, txRefParam } from '../payments/status.ts';
import { bearer, errorResponses, json } from './openapi.ts';
import { createApiRouter } from './router.ts';
import { english } from '../i18n.ts';

const CheckoutInput = z
  .object({
    email: z.email(english.errors.validEmail).optional(),
    amount: z.number({ error: 'amount is required and must be a number.' }),
    callback_url: z.string({ error: 'callback_url is required.' }).min(1, 'callback_url is required.'),
    listingId: z.string().optional().openapi({ description: 'Defaults to the listingId query parameter of callback_url' }),
  })
  .openapi('CheckoutInput', { example: { email: 'jane@example.com', amount: 200, callback_url: 'https://soko.co.ke/api/payments/verify?listingId=…' } });

const StkPushInput = z
  .object({
    listingId: z.string({ error: 'listingId is required.' }).min(1, 'listingId is required.'),
    phone: z.string({ error: 'phone is required.' }).max(40).openapi({ description: 'The M-Pesa number to prompt: 07…, 01…, 2547… or +2547…' }),
  })
  .openapi('StkPushInput', { example: { listingId: '…', phone: '0712 345 678' } });

const StkPushStarted = z.object({ tx_ref: z.string(), status: z.literal('pending') }).openapi('StkPushStarted');

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
    provider: z.string(),
    resultCode: z.number().nullable().openapi({ description: "M-Pesa only: Daraja's ResultCode once the prompt was answered" }),
  })
  .openapi('Payment');

const ReturnQuery = z.object({
  listingId: z.string().optional(),
  status: z.string().optional().openapi({ description: 'From the provider; only a hint, never trusted' }),
  tx_ref: z.string().optional(),
  transaction_id: z.string().optional(),
});


const createCheckout = createRoute({
  method: 'post',
  path: '/payments/create-checkout-session',
  tags: ['payments'],
  summary: 'Start paying 200 KES to feature one of your ads for a week; answers the hosted checkout URL',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: CheckoutInput } } } },
  responses: {
    200: json(CheckoutSession, 'Send the browser to url'),
    ...errorResponses(401, 429, 502, {
      400: 'amount is not 200, callback_url is not on this site, or listingId is missing',
      403: 'The listing belongs to someone else',
      404: 'No such listing',
      409: 'The listing is not active (sold, expired, hidden or held)',
    }),
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
    ...errorResponses({ 401: 'Missing or wrong signature; nothing is stored' }),
  },
});

const stkPush = createRoute({
  method: 'post',
  path: '/payments/mpesa/stk-push',
  tags: ['payments'],
  summary: "Feature one of your ads for a week: sends M-Pesa's PIN prompt (STK Push) for 200 KES to the phone; follow it with GET /payments/{tx_ref}",
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: StkPushInput } } } },
  responses: {
    200: json(StkPushStarted, 'The prompt is on its way to the phone'),
    ...errorResponses(401, 429, 502, 503, {
      400: 'Not a Kenyan mobile number',
      403: 'The listing belongs to someone else',
      404: 'No such listing',
      409: 'The listing is not active (sold, expired, hidden or held)',
    }),
  },
});

const stkCallback = createRoute({
  method: 'post',
  path: '/payments/mpesa/callback/{token}',
  tags: ['payments'],
  summary: "Daraja's STK callback, at the secret URL of one payment; believed only after an STK Query confirms it",
  request: { params: z.object({ token: z.string().max(100) }) },
  responses: {
    200: json(z.object({ ResultCode: z.literal(0), ResultDesc: z.string() }), 'Received (duplicates change nothing)'),
    ...errorResponses({ 400: 'Not an STK callback', 404: 'No payment has this callback URL' }),
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
    ...errorResponses(401, { 403: 'Someone else’s payment', 404: 'No such payment' }),
  },
});

export function paymentsRoutes(services: Services) {
  const app = createApiRouter();

  app.openapi(createCheckout, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const input = c.req.valid('json');
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
    const hint = { providerTxnId: q.transaction_id, returnStatus: q.status };
    const outcome = await returnFromProvider(paymentsDeps(services), txRefParam(q.tx_ref), hint, c.get('clientIp'));
    return c.redirect(pageForPayment(outcome, q.listingId), 302);
  });

  // Signatures are over the exact bytes, so the body is read raw; webhooks are small.
  app.use('/payments/webhook/*', bodyLimit({ maxSize: 64 * 1024, onError: () => { throw new AppError(413, (t) => t.errors.payloadTooLarge); } }));
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

  app.openapi(stkPush, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const input = c.req.valid('json');
    const { txRef } = await startStkPush(paymentsDeps(services), { userId: auth.user.id, listingId: input.listingId, phone: input.phone });
    return c.json({ tx_ref: txRef, status: 'pending' as const }, 200);
  });

  app.openapi(stkCallback, async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const { accepted } = await acceptStkCallback(paymentsDeps(services), c.req.valid('param').token, body);
    // Daraja only needs to hear that the callback arrived; what it changed is ours to know.
    return c.json({ ResultCode: 0 as const, ResultDesc: accepted ? 'Accepted' : 'Ignored' }, 200);
  });

  app.openapi(getPayment, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const payment = await currentPayment(paymentsDeps(services), c.req.valid('param').tx_ref, auth.user.id, c.get('clientIp'));
    return c.json(paymentJson(payment), 200);
  });

  return app;
}
