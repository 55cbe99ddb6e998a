import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Services } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsDeps } from './payments.ts';
import { createFlutterwaveProvider } from './flutterwave.ts';
import type { FetchLike, PaymentProvider } from './provider.ts';
import { createFlutterwaveSandbox, SANDBOX_SECRET_KEY, SANDBOX_WEBHOOK_HASH, type FlutterwaveSandbox } from './sandbox/sandbox.ts';

/** Where the sandbox is mounted on our own origin (server/app.ts). */
const SANDBOX_PATH = '/sandbox/flutterwave';
const WEBHOOK_PATH = '/api/payments/webhook/flutterwave';

export type PaymentsService = {
  provider: PaymentProvider;
  /** Set when no FLW_SECRET_KEY is configured: the fake Flutterwave served by this app. */
  sandbox: FlutterwaveSandbox | null;
};

export type PaymentsServiceOptions = {
  /** How server-to-server calls go out; tests pass app.request so no port is needed. */
  fetch?: FetchLike;
  timeoutMs?: number;
  verifyRetries?: number;
  retryDelayMs?: number;
};

/**
 * With a secret key: the Flutterwave adapter against FLW_BASE_URL. Without one: the same
 * adapter against the sandbox on our own origin, over HTTP, with the sandbox's test key.
 */
export function createPaymentsService(config: Config, logger: Logger, options: PaymentsServiceOptions = {}): PaymentsService {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const tuning = { fetch: doFetch, timeoutMs: options.timeoutMs, verifyRetries: options.verifyRetries, retryDelayMs: options.retryDelayMs };
  const { secretKey, webhookHash, baseUrl } = config.payments;
  if (secretKey) {
    return {
      provider: createFlutterwaveProvider({ baseUrl: baseUrl ?? 'https://api.flutterwave.com', secretKey, webhookHash, ...tuning }),
      sandbox: null,
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
  };
}

/** The slice of services the payment domain functions take; 503 when payments are not set up. */
export function paymentsDeps(services: Pick<Services, 'db' | 'logger' | 'config' | 'payments' | 'rateLimits'>): PaymentsDeps {
  if (!services.payments) throw new AppError(503, 'Payments are not available right now.');
  return { db: services.db, logger: services.logger, provider: services.payments.provider, appUrl: services.config.appUrl, rateLimits: services.rateLimits };
}
