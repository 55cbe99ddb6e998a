import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaStore } from './media/storage.ts';
import type { ImageQueue } from './media/image-queue.ts';
import type { DerivedFilesJob } from './media/derived-files.ts';
import type { PaymentsService } from './payments/service.ts';
import type { SearchCache } from './search/search-cache.ts';
import type { SearchIndex } from './search/memory/search-index.ts';
import type { RateLimits } from './rate-limits/rate-limits.ts';
import type { SmsService } from './sms/service.ts';
import type { SessionInfo, User } from './auth/sessions.ts';
import type { Draining } from './http/draining.ts';
import type { LiveBus } from './messages/live-bus.ts';
import type { Locale } from '#kernel/i18n/locales.ts';

/** Long-lived services built once at start-up (the composition root is server/services.ts). */
export type Services = {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  media: MediaStore;
  /** Photo work: the bounded queue posts encode in, and the background step that makes the files a post leaves for later (server/media/). */
  images: { queue: ImageQueue; derived: DerivedFilesJob };
  /** Featured-ad payments (Flutterwave or its built-in sandbox); absent where a test does not need it. */
  payments?: PaymentsService;
  /** Recent lists of search matches (server/search/search-cache.ts); absent means every search runs. */
  searchCache?: SearchCache;
  /** The active ads' search index in memory (server/search/memory/); absent means the database answers every search. */
  searchIndex?: SearchIndex;
  /** Set on SIGTERM: readiness (GET /api/health/ready) answers 503 while requests are still served (server/http/draining.ts). */
  draining?: Draining;
  /** Every rate limit (server/rate-limits/); page actions and the API share its counters. */
  rateLimits: RateLimits;
  /** The counters' Redis (REDIS_URL), reported by /api/health; absent when the counters are in the database. */
  redis?: { ping(): Promise<void>; close(): Promise<void> };
  /** SMS for phone verification (Africa's Talking or its built-in sandbox); null when it is off. */
  sms?: SmsService | null;
  /** Signs the device cookie (server/http/device.ts), shared by every instance through the database. */
  deviceKey: Buffer;
  /** Live updates of messages between processes and to open event streams (server/messages/live-bus.ts); absent: pages poll. */
  live?: LiveBus;
};

export type Auth = {
  user: User;
  session: SessionInfo;
  token: string;
  /** Cookie sessions need CSRF defence; bearer tokens do not. */
  via: 'cookie' | 'bearer';
};

/** What every request handler and React Router loader/action receives. */
export type RequestContext = Services & {
  requestId: string;
  clientIp: string;
  /** A random id per browser (server/http/device.ts), for per-device limits and view counts. */
  deviceId: string;
  /** False when the request brought no device cookie of ours: deviceId is then new, and counts as nobody (server/http/device.ts). */
  deviceKnown: boolean;
  nonce: string;
  /** The page's language: 'sw' under /sw (the Swahili build answers), else 'en' (docs/decisions/swahili-i18n.md). */
  locale: Locale;
  auth: Auth | null;
  /** Sets or clears the session cookie on the response (used by login/logout actions). */
  setSessionCookie(token: string, options: { persistent: boolean; expiresAt: Date }): void;
  clearSessionCookie(): void;
};
