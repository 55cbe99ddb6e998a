import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { FetchLike } from '../provider.ts';
import { phoneDonePage, phonePromptPage, PHONE_ANSWERS, type PhoneAnswer } from './sandbox-phone.ts';
import { darajaPassword, darajaTimestamp, parseDarajaTimestamp } from './timestamp.ts';

/**
 * A fake of the parts of Safaricom Daraja that Soko uses (reference/payment-providers.md
 * section 2): OAuth, the STK push, the callback and the STK query, with Daraja's field names,
 * types and error bodies, and a simulated handset page where a tester answers the prompt. The
 * real adapter (daraja.ts) talks to it over HTTP. Switches let tests make it misbehave the ways
 * the real one does.
 */

/** Safaricom's public sandbox values (reference 2.2), so the adapter is driven exactly as in their sandbox. */
export const SANDBOX_SHORTCODE = '174379';
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
export const SANDBOX_CONSUMER_KEY = 'soko-daraja-sandbox-key';
export const SANDBOX_CONSUMER_SECRET = 'soko-daraja-sandbox-secret';

/** What each answer on the handset becomes in Daraja's terms. */
const RESULTS: Record<PhoneAnswer, { code: number; desc: string }> = {
  accept: { code: 0, desc: 'The service request is processed successfully.' },
  cancel: { code: 1032, desc: 'Request cancelled by user' },
  timeout: { code: 1037, desc: 'No response from user.' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  'wrong-pin': { code: 2001, desc: 'The initiator information is invalid.' },
  unreachable: { code: 1037, desc: 'DS timeout user cannot be reached' },
};

type Switches = {
  /** once (default), duplicate (sent twice), none (never sent: only the query tells). */
  callback?: 'once' | 'duplicate' | 'none';
  callbackDelayMs?: number;
  /** The Amount the success callback reports, to simulate a tampered or wrong amount. */
  callbackAmount?: number;
  /** The next N push or query calls answer 503 with no JSON (a gateway outage). */
  failNext?: number;
  /** Every API answer waits this long (a slow Daraja). */
  delayMs?: number;
  /** The next push prompts the phone, but its answer is lost (a 503 reaches the caller). */
  losePushAnswer?: boolean;
};

type Prompt = {
  merchantRequestId: string;
  checkoutRequestId: string;
  msisdn: string;
  amount: number;
  accountReference: string;
  callbackUrl: string;
  result: { code: number; desc: string } | null;
  receipt: string;
  answeredAt: Date | null;
};

type SandboxOptions = {
  /** Public base of the sandbox as browsers reach it, e.g. http://localhost:3000/sandbox/daraja */
  publicBaseUrl: string;
  /** How callbacks are delivered (global fetch, or app.request in tests). */
  deliver: FetchLike;
  onDeliveryError?: (error: unknown) => void;
  /** The business name the prompt shows. */
  businessName: string;
  /** Seconds a token lives (Daraja: 3599). */
  tokenSeconds?: number;
  now?: () => Date;
};

export type DarajaSandbox = ReturnType<typeof createDarajaSandbox>;

export function createDarajaSandbox(options: SandboxOptions) {
  const now = options.now ?? (() => new Date());
  const prompts = new Map<string, Prompt>();
  const tokens = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let switches: Switches = {};
  let tokensIssued = 0;
  let lastPrompt: string | null = null;

  const requestId = () => `${randomBytes(2).readUInt16BE()}-${randomBytes(3).readUIntBE(0, 3)}-1`;
  const errorBody = (c: Context, status: 400 | 401 | 404 | 500, errorCode: string, errorMessage: string) =>
    c.json({ requestId: requestId(), errorCode, errorMessage }, status);

  function callbackBody(p: Prompt): string {
    const r = p.result!;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: p.merchantRequestId,
      CheckoutRequestID: p.checkoutRequestId,
      ResultCode: r.code,
      ResultDesc: r.desc,
    };
    if (r.code === 0) {
      const at = p.answeredAt ?? now();
      // Order and presence vary in the wild, and Balance comes without a Value (reference 2.3).
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: (switches.callbackAmount ?? p.amount) + 0.0 },
          { Name: 'MpesaReceiptNumber', Value: p.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(at)) },
          { Name: 'PhoneNumber', Value: Number(p.msisdn) },
        ],
      };
    }
    return JSON.stringify({ Body: { stkCallback } });
  }

  function sendCallback(p: Prompt, force = false): void {
    const mode = force ? 'once' : (switches.callback ?? 'once');
    if (mode === 'none' || !p.result) return;
    const body = callbackBody(p);
    const times = mode === 'duplicate' ? 2 : 1;
    const delay = switches.callbackDelayMs;
    const delivery = (async () => {
      if (delay) await sleep(delay);
      for (let i = 0; i < times; i++) {
        try {
          const res = await options.deliver(p.callbackUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
          await res.arrayBuffer();
        } catch (error) {
          options.onDeliveryError?.(error);
        }
      }
    })();
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  /** The customer's answer on the handset; false when there is no open prompt. */
  function answer(checkoutRequestId: string, choice: PhoneAnswer): boolean {
    const p = prompts.get(checkoutRequestId);
    if (!p || p.result) return false;
    p.result = RESULTS[choice];
    p.answeredAt = now();
    sendCallback(p);
    return true;
  }

  async function gate(c: Context): Promise<Response | null> {
    if (switches.delayMs) await sleep(switches.delayMs);
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    if (!until || until < now().getTime()) return errorBody(c, 404, '404.001.03', 'Invalid Access Token');
    if (switches.failNext && switches.failNext > 0) {
      switches.failNext -= 1;
      return c.html('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>', 503);
    }
    return null;
  }

  async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
    const body: unknown = await c.req.json().catch(() => null);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  }

  /** Shortcode, Timestamp (Nairobi time, within five minutes) and Password, as for the push and the query. */
  function checkCredentials(c: Context, body: Record<string, unknown>): Response | null {
    if (String(body.BusinessShortCode ?? '') !== SANDBOX_SHORTCODE) return errorBody(c, 400, '400.002.02', 'Bad Request - Invalid BusinessShortCode');
    const ts = String(body.Timestamp ?? '');
    const at = parseDarajaTimestamp(ts);
    if (!at || Math.abs(at.getTime() - now().getTime()) > 5 * 60_000) return errorBody(c, 400, '400.002.02', 'Bad Request - Invalid Timestamp');
    if (body.Password !== darajaPassword(SANDBOX_SHORTCODE, SANDBOX_PASSKEY, ts)) return errorBody(c, 500, '500.001.1001', 'Wrong credentials');
    return null;
  }

  const app = new Hono();

  app.get('/oauth/v1/generate', (c) => {
    if (c.req.query('grant_type') !== 'client_credentials') return errorBody(c, 400, '400.008.02', 'Invalid grant type passed');
    const expected = `Basic ${Buffer.from(`${SANDBOX_CONSUMER_KEY}:${SANDBOX_CONSUMER_SECRET}`).toString('base64')}`;
    if (c.req.header('authorization') !== expected) return errorBody(c, 400, '400.008.01', 'Invalid Authentication passed');
    const seconds = options.tokenSeconds ?? 3599;
    const value = randomBytes(15).toString('base64url');
    tokens.set(value, now().getTime() + seconds * 1000);
    tokensIssued += 1;
    // expires_in is a string in Daraja's answer.
    return c.json({ access_token: value, expires_in: String(seconds) });
  });

  app.post('/mpesa/stkpush/v1/processrequest', async (c) => {
    const blocked = await gate(c);
    if (blocked) return blocked;
    const body = await jsonBody(c);
    if (!body) return errorBody(c, 400, '400.002.02', 'Bad Request - Invalid JSON');
    const bad = checkCredentials(c, body);
    if (bad) return bad;
    const invalid = (field: string) => errorBody(c, 400, '400.002.02', `Bad Request - Invalid ${field}`);
    if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline') return invalid('TransactionType');
    const amount = Number(body.Amount);
    if (!Number.isInteger(amount) || amount < 1) return invalid('Amount');
    const msisdn = String(body.PhoneNumber ?? '');
    if (!/^254[17]\d{8}$/.test(msisdn)) return invalid('PhoneNumber');
    if (!/^254[17]\d{8}$/.test(String(body.PartyA ?? ''))) return invalid('PartyA');
    if (String(body.PartyB ?? '') !== SANDBOX_SHORTCODE) return invalid('PartyB');
    const callbackUrl = typeof body.CallBackURL === 'string' ? body.CallBackURL : '';
    if (!isAcceptableCallback(callbackUrl)) return invalid('CallBackURL');
    const accountReference = typeof body.AccountReference === 'string' ? body.AccountReference : '';
    if (!accountReference || accountReference.length > 12) return invalid('AccountReference');
    const desc = typeof body.TransactionDesc === 'string' ? body.TransactionDesc : '';
    if (!desc || desc.length > 13) return invalid('TransactionDesc');
    const prompt: Prompt = {
      merchantRequestId: requestId(),
      checkoutRequestId: `ws_CO_${darajaTimestamp(now()).slice(2)}${randomBytes(5).toString('hex')}`,
      msisdn,
      amount,
      accountReference,
      callbackUrl,
      result: null,
      receipt: `SBX${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10),
      answeredAt: null,
    };
    prompts.set(prompt.checkoutRequestId, prompt);
    lastPrompt = prompt.checkoutRequestId;
    if (switches.losePushAnswer) {
      switches.losePushAnswer = false;
      return c.html('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>', 503);
    }
    return c.json({
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  });

  app.post('/mpesa/stkpushquery/v1/query', async (c) => {
    const blocked = await gate(c);
    if (blocked) return blocked;
    const body = await jsonBody(c);
    if (!body) return errorBody(c, 400, '400.002.02', 'Bad Request - Invalid JSON');
    const bad = checkCredentials(c, body);
    if (bad) return bad;
    const p = prompts.get(String(body.CheckoutRequestID ?? ''));
    if (!p) return errorBody(c, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    // While the prompt is open Daraja answers an error body, not a pending status (reference 2.4).
    if (!p.result) return errorBody(c, 500, '500.001.1001', 'The transaction is being processed');
    return c.json({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: p.merchantRequestId,
      CheckoutRequestID: p.checkoutRequestId,
      ResultCode: String(p.result.code),
      ResultDesc: p.result.desc,
    });
  });

  // The simulated handset; ?back= is a path on our own origin to offer afterwards.
  const backTo = (c: Context) => {
    const back = c.req.query('back') ?? '';
    return /^\/(?![/\\])/.test(back) ? back : null;
  };
  app.get('/phone/:checkoutRequestId', (c) => {
    const p = prompts.get(c.req.param('checkoutRequestId'));
    if (!p) return c.html(phoneDonePage({ message: 'No such prompt.', backTo: backTo(c) }), 404);
    if (p.result) return c.html(phoneDonePage({ message: `This prompt was already answered: ${p.result.desc}`, backTo: backTo(c) }));
    const back = backTo(c);
    return c.html(
      phonePromptPage({
        action: `${options.publicBaseUrl}/phone/${p.checkoutRequestId}${back ? `?back=${encodeURIComponent(back)}` : ''}`,
        msisdn: p.msisdn,
        amount: p.amount,
        accountReference: p.accountReference,
        businessName: options.businessName,
      }),
    );
  });
  app.post('/phone/:checkoutRequestId', async (c) => {
    const form = await c.req.parseBody();
    const choice = PHONE_ANSWERS.find((a) => a.value === form.answer)?.value;
    if (!choice) return c.html(phoneDonePage({ message: 'Choose one of the answers.', backTo: backTo(c) }), 400);
    if (!answer(c.req.param('checkoutRequestId'), choice)) {
      return c.html(phoneDonePage({ message: 'This prompt is no longer open.', backTo: backTo(c) }), 409);
    }
    return c.html(phoneDonePage({ message: `Answered: ${RESULTS[choice].desc}`, backTo: backTo(c) }));
  });

  // Control API: exists only in the sandbox, lets tests and demos steer it over HTTP.
  app.post('/_control/switches', async (c) => {
    setSwitches(((await jsonBody(c)) ?? {}) as Switches);
    return c.json({ ok: true });
  });
  app.post('/_control/reset', (c) => {
    reset();
    return c.json({ ok: true });
  });
  app.post('/_control/prompts/:id/answer', async (c) => {
    const body = (await jsonBody(c)) ?? {};
    const choice = PHONE_ANSWERS.find((a) => a.value === body.answer)?.value;
    if (!choice) return c.json({ message: `answer must be one of ${PHONE_ANSWERS.map((a) => a.value).join(', ')}.` }, 400);
    return answer(c.req.param('id'), choice) ? c.json({ ok: true }) : c.json({ message: 'No open prompt with that CheckoutRequestID.' }, 404);
  });
  app.post('/_control/prompts/:id/callback', (c) => {
    const p = prompts.get(c.req.param('id'));
    if (!p?.result) return c.json({ message: 'No answered prompt with that CheckoutRequestID.' }, 404);
    sendCallback(p, true);
    return c.json({ ok: true });
  });

  function setSwitches(next: Switches): void {
    switches = { ...switches, ...next };
  }
  function reset(): void {
    switches = {};
  }

  return {
    app,
    answer,
    setSwitches,
    reset,
    /** Re-sends the callback of an answered prompt (Daraja sometimes does). */
    resendCallback(checkoutRequestId: string): boolean {
      const p = prompts.get(checkoutRequestId);
      if (!p?.result) return false;
      sendCallback(p, true);
      return true;
    },
    /** The callback body Daraja would send for this prompt now (null while it is open). */
    callbackBody(checkoutRequestId: string): string | null {
      const p = prompts.get(checkoutRequestId);
      return p?.result ? callbackBody(p) : null;
    },
    prompt(checkoutRequestId: string) {
      const p = prompts.get(checkoutRequestId);
      return p ? { ...p } : null;
    },
    /** Where a tester answers this prompt in a browser. */
    phoneUrl(checkoutRequestId: string, back?: string): string {
      return `${options.publicBaseUrl}/phone/${encodeURIComponent(checkoutRequestId)}${back ? `?back=${encodeURIComponent(back)}` : ''}`;
    },
    /** Forgets every token it issued, as when Safaricom invalidates them before their time. */
    revokeTokens(): void {
      tokens.clear();
    },
    /** The CheckoutRequestID of the latest prompt, even one whose push answer was lost. */
    get lastPrompt() {
      return lastPrompt;
    },
    get tokensIssued() {
      return tokensIssued;
    },
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

/** Daraja calls back over HTTPS only; the sandbox also takes plain HTTP to a loopback host, where it runs. */
function isAcceptableCallback(value: string): boolean {
  if (!value || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    const host = url.hostname;
    const loopback = host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]';
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
