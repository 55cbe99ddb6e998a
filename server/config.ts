import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { RiskThresholds } from './moderation/risk.ts';
import { DEFAULT_KES_RATES, MAX_KES_RATE, type KesRates } from '#kernel/money.ts';

/**
 * The only reader of process.env. Everything else receives a Config.
 * A bad value stops start-up with a message naming the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** Ksh for one unit of a currency: positive, at most MAX_KES_RATE, rounded to two decimals (kernel/money.ts). */
const kesRate = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .max(MAX_KES_RATE)
    .default(fallback)
    .transform((v) => Math.round(v * 100) / 100);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  BUILD_DIR: z.string().min(1).default('build'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional()),
  SEED_DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SEARCH_INDEX: z.enum(['memory', 'off']).default('memory'),
  SEARCH_INDEX_MAX_MB: z.coerce.number().int().min(16).max(65536).default(1024),
  SEARCH_WARM_UP_SEARCHES: z.coerce.number().int().min(0).max(100_000).default(2000),
  ALERTS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Absent: 5 s in production; none in development and tests (no load balancer in front). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** At least 2: start-up holds one connection for the migration lock while migrating on another. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).optional(),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(600),
  SOCKET_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(65),
  IMAGE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(32),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.string().min(3).default('Soko <no-reply@soko.co.ke>'),
  SUPPORT_EMAIL: z.email().default('support@soko.co.ke'),
  FLW_SECRET_KEY: optionalString,
  PAYMENTS_SANDBOX: bool.optional(),
  FLW_WEBHOOK_HASH: optionalString,
  FLW_BASE_URL: optionalString.pipe(z.url().optional()),
  DARAJA_CONSUMER_KEY: optionalString,
  DARAJA_CONSUMER_SECRET: optionalString,
  DARAJA_SHORTCODE: optionalString.pipe(z.string().regex(/^\d{5,7}$/, 'must be the 5 to 7 digits of your Paybill or Till shortcode').optional()),
  DARAJA_PASSKEY: optionalString,
  DARAJA_CALLBACK_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DARAJA_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  DARAJA_BASE_URL: optionalString.pipe(z.url().optional()),
  DARAJA_SHORTCODE_NAME: optionalString.pipe(z.string().max(40).optional()),
  AT_API_KEY: optionalString,
  AT_USERNAME: optionalString,
  AT_SENDER_ID: optionalString,
  AT_BASE_URL: optionalString.pipe(z.url().optional()),
  SMS_SANDBOX: bool.optional(),
  RISK_PRICE_RATIO: z.coerce.number().min(0).max(1).default(0.2),
  RISK_PRICE_MIN_COMPARABLE: z.coerce.number().int().min(1).max(200).default(20),
  RISK_PHOTO_DISTANCE: z.coerce.number().int().min(0).max(7).default(6),
  RISK_NEW_ACCOUNT_ADS: z.coerce.number().int().min(1).max(1000).default(3),
  LISTING_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REPORTS_AUTO_HIDE: z.coerce.number().int().min(1).max(100).default(3),
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString.pipe(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens').optional()),
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  MEDIA_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  KES_PER_USD: kesRate(DEFAULT_KES_RATES.USD),
  KES_PER_EUR: kesRate(DEFAULT_KES_RATES.EUR),
  KES_PER_GBP: kesRate(DEFAULT_KES_RATES.GBP),
});

export type Config = {
  /** Ksh per USD, EUR and GBP: prices in those currencies sort, filter and show "≈ Ksh" by their value in Ksh (issue 42, point 6). */
  kesRates: KesRates;
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Public origin used in e-mails, redirects and origin checks; never taken from the Host header. */
  appUrl: string;
  secureCookies: boolean;
  dataDir: string;
  mediaDir: string;
  outboxDir: string;
  buildDir: string;
  /** undefined means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Rate-limit counters in Redis instead of the database (both are shared by every instance). */
  redisUrl: string | undefined;
  seedDemoData: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** How long a list of search matches may be reused (0 turns the search cache off). */
  searchCacheSeconds: number;
  /** 'memory': searches are answered from an index of the active ads held in each server's memory (server/search/memory/); 'off': by the database alone. */
  searchIndex: 'memory' | 'off';
  /** The most memory a process's search index may take: one that would take more is not loaded, and the database answers searches (server/search/memory/). */
  searchIndexMaxBytes: number;
  /** Searches a process answers of its own once its index has loaded, before readiness says ready (server/search/warm-up.ts); 0: none. */
  searchWarmUpSearches: number;
  /** How often the saved-search alert job matches new ads and sends due alerts (server/alerts/job.ts). */
  alertsIntervalMs: number;
  /** Server processes `npm start` runs (node:cluster): every core on PostgreSQL, one with PGlite. */
  webConcurrency: number;
  /** PostgreSQL connections each server process keeps at most (databasePoolSize below). */
  databasePoolSize: number;
  http: {
    /** After SIGTERM/SIGINT, how long the server keeps serving as usual while readiness says "not ready", so that a load balancer stops sending first. */
    shutdownDrainMs: number;
    /** After the drain, how long in-flight requests may take before they are cut. */
    shutdownGraceMs: number;
    /** Slow-loris defence: all request headers within this time. */
    headersTimeoutMs: number;
    /** The whole request, body included (photo uploads on slow links), within this time. */
    requestTimeoutMs: number;
    /** A connection silent this long is dropped, unless its whole request is in and its answer is being worked on. */
    socketIdleTimeoutMs: number;
    /** Between requests, how long a keep-alive connection waits for the next (above the balancer's idle timeout). */
    keepAliveTimeoutMs: number;
  };
  /** Ad posts that may wait for the image queue in each server process; one more is answered 503 (server/media/image-queue.ts). */
  imageQueueLimit: number;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  payments: {
    /** No secret key configured: the built-in Flutterwave sandbox is used. */
    sandbox: boolean;
    secretKey: string | undefined;
    webhookHash: string | undefined;
    baseUrl: string | undefined;
  };
  /**
   * M-Pesa Express (Daraja STK Push), beside Flutterwave. 'live' with DARAJA_* keys; 'sandbox'
   * (the fake Daraja on our own origin) where the payment sandbox may run; 'off' otherwise.
   */
  mpesa: {
    mode: 'live' | 'sandbox' | 'off';
    consumerKey: string | undefined;
    consumerSecret: string | undefined;
    shortcode: string | undefined;
    passkey: string | undefined;
    /** Origin the per-payment callback URLs are built on (Daraja must reach it over HTTPS). */
    callbackBaseUrl: string;
    /** Daraja's API origin: DARAJA_BASE_URL, else the one DARAJA_ENV names. */
    baseUrl: string;
    /** The name the customer's prompt shows for our shortcode, repeated on the waiting page. */
    shortcodeName: string;
  };
  /**
   * Africa's Talking SMS for phone verification. With AT_API_KEY the real gateway; without it
   * the built-in sandbox where it may run (see smsMode); 'off' means phones cannot be verified.
   */
  sms: { mode: 'live' | 'sandbox' | 'off'; apiKey: string | undefined; username: string; senderId: string | undefined; baseUrl: string | undefined };
  /** When a new or edited ad is held for review instead of published (server/moderation/risk.ts). */
  risk: RiskThresholds;
  /** Where photo files live (server/media/storage.ts): the local folder mediaDir, or an S3-compatible bucket. */
  media: {
    store: MediaStoreConfig;
    /** Where browsers and link previews fetch a file: `${publicUrl}/${name}`; the app's own /media unless MEDIA_PUBLIC_URL (a CDN) is set. */
    publicUrl: string;
  };
  listings: {
    /** An ad's term: it expires this many days after it is posted or renewed (server/listings/lifecycle.ts). */
    ttlDays: number;
    /** Reports from this many different people hold an ad for review (server/moderation/reports.ts). */
    reportsAutoHide: number;
  };
};

export class ConfigError extends Error {}

export type S3StoreConfig = {
  kind: 's3';
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, B2); unset means AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's standard credential chain (AWS_* variables, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Per attempt, connecting and answering alike: a storage that does not answer fails the post quickly. */
  timeoutMs: number;
};
export type MediaStoreConfig = { kind: 'local' } | S3StoreConfig;

/**
 * The S3 settings come as a set: a bucket without a region, one key without the other, or S3_*
 * set while MEDIA_STORE is local (photos would silently stay on this machine) stops start-up.
 */
function mediaStoreConfig(e: z.infer<typeof envSchema>): MediaStoreConfig {
  const given = (['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => e[k] !== undefined);
  if (e.MEDIA_STORE === 'local') {
    if (given.length) throw new ConfigError(`Invalid configuration:\n  MEDIA_STORE: is local (the default) but ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set; set MEDIA_STORE=s3 to keep photos in the bucket`);
    return { kind: 'local' };
  }
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: must be set when MEDIA_STORE=s3');
  if (!e.S3_REGION) throw new ConfigError("Invalid configuration:\n  S3_REGION: must be set when MEDIA_STORE=s3 (e.g. eu-west-1; 'auto' for Cloudflare R2, 'us-east-1' for MinIO)");
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (leave both unset for the standard AWS credential chain)`);
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    // MinIO and most self-hosted services have no per-bucket host names.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    timeoutMs: e.S3_TIMEOUT_SECONDS * 1000,
  };
}

/**
 * One process per core on PostgreSQL (every instance shares it); the embedded database belongs
 * to a single process, so PGlite runs one.
 */
function webConcurrency(requested: number | undefined, databaseUrl: string | undefined): number {
  if (!databaseUrl) {
    if (requested && requested > 1) {
      throw new ConfigError('Invalid configuration:\n  WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database belongs to one process)');
    }
    return 1;
  }
  return requested ?? os.availableParallelism();
}

/**
 * About two PostgreSQL connections a core of this machine, shared out over its server
 * processes, and never fewer than two a process (a slow statement, an index load or a
 * background job then still leaves one for requests). More backends than that do not search
 * faster when the database shares the machine's cores: they take turns on the same cores, and
 * with the server's event loop, which every request waits for. Measured with bench:search at
 * 1,000,000 ads on two cores with two processes: 4 connections against 10 cost PostgreSQL
 * 27-51% less CPU a search, and 2 against 4 another 8-35% less in five pairs of runs, with the
 * 16-client p95 lower in four and the same in one (docs/decisions/database-pool-size.md). A
 * database on a bigger machine of its own may want more (DATABASE_POOL_SIZE).
 */
function databasePoolSize(requested: number | undefined, processes: number): number {
  return requested ?? Math.max(MIN_POOL, Math.ceil((2 * os.availableParallelism()) / processes));
}
const MIN_POOL = 2;

/**
 * The built-in payment sandbox features ads for free, so it must never be live by accident:
 * without FLW_SECRET_KEY it runs only on a loopback APP_URL (a developer's machine, the tests)
 * unless PAYMENTS_SANDBOX=true says so explicitly (a public demo).
 */
const isLoopback = (appUrl: string) => {
  const host = new URL(appUrl).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]';
};

/**
 * The SMS sandbox shows every code on a page of our own origin, so on a public site it would let
 * anyone "verify" any number: without AT_API_KEY it runs on a loopback APP_URL or when
 * SMS_SANDBOX=true (a public demo) says so; otherwise verification is off, and the site still runs.
 */
function smsMode(appUrl: string, apiKey: string | undefined, sandbox: boolean | undefined): Config['sms']['mode'] {
  if (apiKey) return 'live';
  if (sandbox === true || (sandbox === undefined && isLoopback(appUrl))) return 'sandbox';
  return 'off';
}

function checkPaymentsSandbox(appUrl: string, secretKey: string | undefined, sandbox: boolean | undefined): void {
  if (secretKey) return;
  if (sandbox === false) {
    throw new ConfigError('Invalid configuration:\n  PAYMENTS_SANDBOX: is false, so FLW_SECRET_KEY must be set for real payments');
  }
  if (!isLoopback(appUrl) && sandbox !== true) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENTS_SANDBOX: APP_URL ${appUrl} is public and FLW_SECRET_KEY is not set, so featured ads would be free. ` +
        'Set FLW_SECRET_KEY for real payments, or PAYMENTS_SANDBOX=true to run the payment sandbox on purpose.',
    );
  }
}

const DARAJA_HOSTS = { sandbox: 'https://sandbox.safaricom.co.ke', production: 'https://api.safaricom.co.ke' } as const;

/**
 * Daraja's keys come as a set: one without the others would fail on the first payment, so it
 * stops start-up instead. Without any, M-Pesa runs against the built-in fake where the
 * Flutterwave sandbox may run (a loopback APP_URL, or PAYMENTS_SANDBOX=true), and is off elsewhere.
 */
function mpesaConfig(e: z.infer<typeof envSchema>, appUrl: string): Config['mpesa'] {
  const keys = {
    DARAJA_CONSUMER_KEY: e.DARAJA_CONSUMER_KEY,
    DARAJA_CONSUMER_SECRET: e.DARAJA_CONSUMER_SECRET,
    DARAJA_SHORTCODE: e.DARAJA_SHORTCODE,
    DARAJA_PASSKEY: e.DARAJA_PASSKEY,
  };
  const missing = Object.entries(keys).filter(([, v]) => !v).map(([k]) => k);
  const callbackBaseUrl = (e.DARAJA_CALLBACK_BASE_URL ?? appUrl).replace(/\/+$/, '');
  let mode: Config['mpesa']['mode'];
  if (missing.length === 0) mode = 'live';
  else if (missing.length < Object.keys(keys).length) {
    throw new ConfigError(`Invalid configuration:\n  ${missing[0]}: must be set with the other DARAJA_* keys (${missing.join(', ')} missing)`);
  } else mode = e.PAYMENTS_SANDBOX === true || (e.PAYMENTS_SANDBOX === undefined && isLoopback(appUrl)) ? 'sandbox' : 'off';
  if (mode === 'live' && !callbackBaseUrl.startsWith('https://')) {
    throw new ConfigError(`Invalid configuration:\n  DARAJA_CALLBACK_BASE_URL: Safaricom only calls back to https:// addresses (got ${callbackBaseUrl})`);
  }
  return {
    mode,
    consumerKey: e.DARAJA_CONSUMER_KEY,
    consumerSecret: e.DARAJA_CONSUMER_SECRET,
    shortcode: e.DARAJA_SHORTCODE,
    passkey: e.DARAJA_PASSKEY,
    callbackBaseUrl,
    baseUrl: (e.DARAJA_BASE_URL ?? DARAJA_HOSTS[e.DARAJA_ENV]).replace(/\/+$/, ''),
    shortcodeName: e.DARAJA_SHORTCODE_NAME ?? 'Soko',
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env, root = process.cwd()): Config {
  // An empty value (KEY= in a .env file) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  checkPaymentsSandbox(appUrl, e.FLW_SECRET_KEY, e.PAYMENTS_SANDBOX);
  if (e.AT_API_KEY && !e.AT_USERNAME) throw new ConfigError("Invalid configuration:\n  AT_USERNAME: must be set with AT_API_KEY (your Africa's Talking app's username)");
  const dataDir = path.resolve(root, e.DATA_DIR);
  const processes = webConcurrency(e.WEB_CONCURRENCY, e.DATABASE_URL);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    outboxDir: path.join(dataDir, 'outbox'),
    buildDir: path.resolve(root, e.BUILD_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seedDemoData: e.SEED_DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    searchIndex: e.SEARCH_INDEX,
    kesRates: { USD: e.KES_PER_USD, EUR: e.KES_PER_EUR, GBP: e.KES_PER_GBP },
    searchIndexMaxBytes: e.SEARCH_INDEX_MAX_MB * 1024 * 1024,
    searchWarmUpSearches: e.SEARCH_WARM_UP_SEARCHES,
    alertsIntervalMs: e.ALERTS_INTERVAL_SECONDS * 1000,
    webConcurrency: processes,
    databasePoolSize: databasePoolSize(e.DATABASE_POOL_SIZE, processes),
    http: {
      shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0)) * 1000,
      shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      socketIdleTimeoutMs: e.SOCKET_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    imageQueueLimit: e.IMAGE_QUEUE_LIMIT,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    payments: {
      sandbox: !e.FLW_SECRET_KEY,
      secretKey: e.FLW_SECRET_KEY,
      webhookHash: e.FLW_WEBHOOK_HASH,
      baseUrl: e.FLW_BASE_URL,
    },
    mpesa: mpesaConfig(e, appUrl),
    sms: {
      mode: smsMode(appUrl, e.AT_API_KEY, e.SMS_SANDBOX),
      apiKey: e.AT_API_KEY,
      username: e.AT_USERNAME ?? 'sandbox',
      senderId: e.AT_SENDER_ID,
      baseUrl: e.AT_BASE_URL,
    },
    risk: {
      priceRatio: e.RISK_PRICE_RATIO,
      minComparable: e.RISK_PRICE_MIN_COMPARABLE,
      photoDistance: e.RISK_PHOTO_DISTANCE,
      newAccountAds: e.RISK_NEW_ACCOUNT_ADS,
    },
    listings: { ttlDays: e.LISTING_TTL_DAYS, reportsAutoHide: e.REPORTS_AUTO_HIDE },
    media: { store: mediaStoreConfig(e), publicUrl: (e.MEDIA_PUBLIC_URL ?? `${appUrl}/media`).replace(/\/+$/, '') },
  };
}
