import { ProviderRejectedError, ProviderUnavailableError, type FetchLike } from '../provider.ts';
import { darajaPassword, darajaTimestamp } from './timestamp.ts';

/**
 * Safaricom Daraja's M-Pesa Express (STK Push) over HTTP, to the contract in
 * reference/payment-providers.md section 2: OAuth, the push, the query. The same code talks to
 * Safaricom and to the built-in sandbox (./sandbox.ts); only baseUrl and the keys differ.
 */
export type DarajaOptions = {
  /** https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke, or the sandbox on our origin. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  fetch?: FetchLike;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts for a query only: a push is never repeated, it would prompt the phone twice. */
  queryRetries?: number;
  retryDelayMs?: number;
  now?: () => Date;
};

export type StkPushRequest = {
  amount: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX (msisdn.ts). */
  msisdn: string;
  callbackUrl: string;
  /** Shown on the prompt; Daraja takes at most 12 characters. */
  accountReference: string;
  /** At most 13 characters. */
  description: string;
};

export type StkPushAck = { merchantRequestId: string; checkoutRequestId: string; customerMessage: string };

/** A query's answer: the prompt is still open, or its final result (0 is paid). */
export type StkQueryAnswer =
  | { state: 'pending' }
  | { state: 'final'; resultCode: number; resultDesc: string; merchantRequestId: string; checkoutRequestId: string };

export type MpesaGateway = {
  readonly shortcode: string;
  push(request: StkPushRequest): Promise<StkPushAck>;
  query(checkoutRequestId: string): Promise<StkQueryAnswer>;
};

/** A push whose answer never came: the phone may have been prompted, so it is not a refusal. */
export class PushOutcomeUnknownError extends ProviderUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PushOutcomeUnknownError';
  }
}

type Json = Record<string, unknown>;
type Answer = { status: number; json: Json };

/** Daraja's error bodies name an errorCode; these two mean the token is no good any more. */
const isBadToken = (a: Answer) => a.status === 401 || a.json.errorCode === '404.001.03';
/** The query's "ask again later" while the prompt is still on the handset (reference 2.4). */
const isStillProcessing = (a: Answer) =>
  a.json.errorCode === '500.001.1001' && /being processed/i.test(String(a.json.errorMessage ?? ''));
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function createDarajaClient(options: DarajaOptions): MpesaGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const queryRetries = Math.min(options.queryRetries ?? 2, 2);
  const retryDelayMs = options.retryDelayMs ?? 500;
  const now = options.now ?? (() => new Date());
  let token: { value: string; until: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The race also covers fetch-likes that ignore the abort signal (in-process test requests).
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ProviderUnavailableError(`Daraja did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      const response = await Promise.race([
        doFetch(`${base}${path}`, {
          method,
          headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        }),
        timeout,
      ]);
      const text = await Promise.race([response.text(), timeout]);
      let json: Json = {};
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object') json = parsed as Json;
      } catch {
        // Gateways in front of Daraja answer HTML on outages; the status says enough.
      }
      return { status: response.status, json };
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw error;
      throw new ProviderUnavailableError('Daraja could not be reached', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64');
    const answer = await call('GET', '/oauth/v1/generate?grant_type=client_credentials', { Authorization: `Basic ${basic}` });
    const value = str(answer.json.access_token);
    // expires_in is a string ("3599"); renew ten minutes early so no call carries a token that dies on the way.
    const seconds = Number(answer.json.expires_in);
    if (answer.status !== 200 || !value || !Number.isFinite(seconds) || seconds <= 0) {
      throw new ProviderUnavailableError(`Daraja refused our consumer key (${answer.status}): ${str(answer.json.errorMessage)}`);
    }
    token = { value, until: now().getTime() + Math.max(seconds - 600, seconds / 2) * 1000 };
    return value;
  }

  /** One token for every caller until it is near expiry; concurrent callers share one request. */
  async function accessToken(): Promise<string> {
    if (token && token.until > now().getTime()) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** A call with the bearer token; a token Daraja no longer knows is replaced once. */
  async function authorised(path: string, body: Json): Promise<Answer> {
    const first = await call('POST', path, { Authorization: `Bearer ${await accessToken()}` }, body);
    if (!isBadToken(first)) return first;
    token = null;
    return call('POST', path, { Authorization: `Bearer ${await accessToken()}` }, body);
  }

  function credentials() {
    const timestamp = darajaTimestamp(now());
    return { BusinessShortCode: options.shortcode, Password: darajaPassword(options.shortcode, options.passkey, timestamp), Timestamp: timestamp };
  }

  async function queryOnce(checkoutRequestId: string): Promise<StkQueryAnswer> {
    const answer = await authorised('/mpesa/stkpushquery/v1/query', { ...credentials(), CheckoutRequestID: checkoutRequestId });
    if (isStillProcessing(answer)) return { state: 'pending' };
    const j = answer.json;
    if (answer.status === 200 && str(j.ResponseCode) === '0' && j.ResultCode !== undefined && /^\d+$/.test(str(j.ResultCode))) {
      // ResultCode is a string here, a number in the callback (reference 2.4).
      return {
        state: 'final',
        resultCode: Number(j.ResultCode),
        resultDesc: str(j.ResultDesc),
        merchantRequestId: str(j.MerchantRequestID),
        checkoutRequestId: str(j.CheckoutRequestID),
      };
    }
    // Anything else is no verdict on the payment: it stays pending and is asked about again.
    throw new ProviderUnavailableError(`Daraja's query answered ${answer.status} ${str(j.errorCode)} ${str(j.errorMessage ?? j.ResponseDescription)}`.trim());
  }

  return {
    shortcode: options.shortcode,

    async push(request) {
      const { BusinessShortCode, Password, Timestamp } = credentials();
      let answer: Answer;
      try {
        answer = await authorised('/mpesa/stkpush/v1/processrequest', {
          BusinessShortCode,
          Password,
          Timestamp,
          TransactionType: 'CustomerPayBillOnline',
          Amount: Math.round(request.amount),
          PartyA: request.msisdn,
          PartyB: options.shortcode,
          PhoneNumber: request.msisdn,
          CallBackURL: request.callbackUrl,
          AccountReference: request.accountReference.slice(0, 12),
          TransactionDesc: request.description.slice(0, 13),
        });
      } catch (error) {
        // The token call failing means nothing was sent; a lost answer to the push may have prompted the phone.
        if (error instanceof ProviderUnavailableError && !token) throw error;
        throw new PushOutcomeUnknownError('Daraja did not answer the STK push', { cause: error });
      }
      const j = answer.json;
      if (answer.status === 200 && str(j.ResponseCode) === '0' && j.CheckoutRequestID) {
        return { merchantRequestId: str(j.MerchantRequestID), checkoutRequestId: str(j.CheckoutRequestID), customerMessage: str(j.CustomerMessage) };
      }
      if (answer.status >= 500 && !j.errorCode) throw new PushOutcomeUnknownError(`Daraja answered ${answer.status} to the STK push`);
      throw new ProviderRejectedError(str(j.errorMessage ?? j.ResponseDescription) || `Daraja refused the STK push (${answer.status})`);
    },

    async query(checkoutRequestId) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await queryOnce(checkoutRequestId);
        } catch (error) {
          if (attempt >= queryRetries || !(error instanceof ProviderUnavailableError)) throw error;
          await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** attempt));
        }
      }
    },
  };
}
