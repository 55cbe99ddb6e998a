import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Services } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsDeps } from './payments.ts';
import { createFlutterwaveProvider } from './flutterwave.ts';
import type { FetchLike, PaymentProvider } from './provider.ts';
import { createDarajaClient, type MpesaGateway } from './mpesa/daraja.ts';
import {
  createDarajaSandbox,
  SANDBOX_CONSUMER_KEY,
  SANDBOX_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  type DarajaSandbox,
} from './mpesa/sandbox.ts';
import { createFlutterwaveSandbox, SANDBOX_SECRET_KEY, SANDBOX_WEBHOOK_HASH, type FlutterwaveSandbox } from './sandbox/sandbox.ts';

/** Where the sandbox is mounted on our own origin (server/app.ts). */
const SANDBOX_PATH = '/sandbox/flutterwave';
const WEBHOOK_PATH = '/api/payments/webhook/flutterwave';
export const DARAJA_SANDBOX_PATH = '/sandbox/daraja';

/** M-Pesa Express (Daraja STK Push): the adapter, and the fake Daraja when no keys are set. */
export type MpesaService = {
  gateway: MpesaGateway;
  sandbox: DarajaSandbox | null;
  /** Origin of the per-payment callback URLs. */
  callbackBaseUrl: string;
  /** The shortcode's name, as the prompt on the phone shows it. */
  shortcodeName: string;
};

export type PaymentsService = {
  provider: PaymentProvider;
  /** Set when no FLW_SECRET_KEY is configured: the fake Flutterwave served by this app. */
  sandbox: FlutterwaveSandbox | null;
  /** null when M-Pesa direct is off (no Daraja keys on a public APP_URL): Flutterwave remains. */
  mpesa: MpesaService | null;
};

export type PaymentsServiceOptions = {
  /** How server-to-server calls go out; tests pass app.request so no port is needed. */
  fetch?: FetchLike;
  timeoutMs?: number;
  verifyRetries?: number;
  retryDelayMs?: number;
  /** The clock Daraja timestamps and token expiry are read from (tests move it). */
  now?: () => Date;
};

/**
 * With a secret key: the Flutterwave adapter against FLW_BASE_URL. Without one: the same
 * adapter against the sandbox on our own origin, over HTTP, with the sandbox's test key.
 */
export function createPaymentsService(config: Config, logger: Logger, options: PaymentsServiceOptions = {}): PaymentsService {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const tuning = { fetch: doFetch, timeoutMs: options.timeoutMs, verifyRetries: options.verifyRetries, retryDelayMs: options.retryDelayMs };
  const { secretKey, webhookHash, baseUrl } = config.payments;
  const mpesa = createMpesaService(config, logger, options);
  if (secretKey) {
    return {
      provider: createFlutterwaveProvider({ baseUrl: baseUrl ?? 'https://api.flutterwave.com', secretKey, webhookHash, ...tuning }),
      sandbox: null,
      mpesa,
    };
  }
  const sandboxBase = `${config.appUrl}${SANDBOX_PATH}`;
  const hash = webhookHash ?? SANDBOX_WEBHOOK_HASH;
  const sandbox = createFlutterwaveSandbox({
    publicBaseUrl: sandboxBase,
    secretKey: SANDBOX_SECRET_KEY,
    webhookHash: hash,
    webhookUrl: `${config.appUrl}${WEBHOOK_PATH}`,
    deliver: doFetch,
    onDeliveryError: (error) => logger.warn({ err: error }, 'sandbox webhook delivery failed'),
  });
  return {
    provider: createFlutterwaveProvider({ baseUrl: sandboxBase, secretKey: SANDBOX_SECRET_KEY, webhookHash: hash, ...tuning }),
    sandbox,
    mpesa,
  };
}

/**
 * With DARAJA_* keys: the Daraja adapter against Safaricom. Without them, where the payment
 * sandbox may run: the same adapter against the fake Daraja on our own origin, over HTTP,
 * with Safaricom's public sandbox shortcode and passkey.
 */
function createMpesaService(config: Config, logger: Logger, options: PaymentsServiceOptions): MpesaService | null {
  const m = config.mpesa;
  if (m.mode === 'off') return null;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const tuning = { fetch: doFetch, timeoutMs: options.timeoutMs, queryRetries: options.verifyRetries, retryDelayMs: options.retryDelayMs, now: options.now };
  if (m.mode === 'live') {
    return {
      gateway: createDarajaClient({ baseUrl: m.baseUrl, consumerKey: m.consumerKey!, consumerSecret: m.consumerSecret!, shortcode: m.shortcode!, passkey: m.passkey!, ...tuning }),
      sandbox: null,
      callbackBaseUrl: m.callbackBaseUrl,
      shortcodeName: m.shortcodeName,
    };
  }
  const sandboxBase = `${config.appUrl}${DARAJA_SANDBOX_PATH}`;
  const sandbox = createDarajaSandbox({
    publicBaseUrl: sandboxBase,
    deliver: doFetch,
    businessName: m.shortcodeName,
    now: options.now,
    onDeliveryError: (error) => logger.warn({ err: error }, 'Daraja sandbox callback delivery failed'),
  });
  return {
    gateway: createDarajaClient({
      baseUrl: sandboxBase,
      consumerKey: SANDBOX_CONSUMER_KEY,
      consumerSecret: SANDBOX_CONSUMER_SECRET,
      shortcode: SANDBOX_SHORTCODE,
      passkey: SANDBOX_PASSKEY,
      ...tuning,
    }),
    sandbox,
    callbackBaseUrl: m.callbackBaseUrl,
    shortcodeName: m.shortcodeName,
  };
}

/** The slice of services the payment domain functions take; 503 when payments are not set up. */
export function paymentsDeps(services: Pick<Services, 'db' | 'logger' | 'config' | 'payments' | 'rateLimits'>): PaymentsDeps {
  if (!services.payments) throw new AppError(503, (t) => t.errors.paymentsUnavailable);
  return {
    db: services.db,
    logger: services.logger,
    provider: services.payments.provider,
    mpesa: services.payments.mpesa,
    appUrl: services.config.appUrl,
    rateLimits: services.rateLimits,
  };
}
