import path from 'node:path';
import v8 from 'node:v8';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Services } from './context.ts';
import { openDatabase, type Database, type DatabaseOptions } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createSearchCache } from './search/search-cache.ts';
import { CHANGES_CHANNEL, createSearchIndex, indexCeiling, type ChangeSignals } from './search/memory/search-index.ts';
import { setKesRates } from './search/price-key.ts';
import { warmUpIndex } from './search/warm-up.ts';
import { createDraining } from './http/draining.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createOutboxMailer, type Outbox } from './mail/outbox.ts';
import { loadDeviceKey } from './http/device.ts';
import os from 'node:os';
import { createMediaStore } from './media/storage.ts';
import { createImageQueue } from './media/image-queue.ts';
import { createDerivedFilesJob } from './media/derived-files.ts';
import { createPaymentsService, type PaymentsServiceOptions } from './payments/service.ts';
import { createDatabaseStore } from './rate-limits/database-store.ts';
import { createRateLimits } from './rate-limits/rate-limits.ts';
import { createRedisStore } from './rate-limits/redis-store.ts';
import { boundedStep } from './shutdown.ts';
import { createSmsService } from './sms/service.ts';
import { createLiveBus } from './messages/live-bus.ts';
import type { FetchLike } from './payments/provider.ts';

type ServicesOptions = {
  /** An already opened database (tests hand in a cloned template, the benchmark a seeded one). */
  database?: Database;
  /** How the payment adapter reaches the provider (tests route it in process). */
  payments?: PaymentsServiceOptions;
  /** How the SMS adapter reaches the gateway (tests route it in process). */
  sms?: { fetch?: FetchLike };
  /** false: no search index (a process that only migrates and seeds, then exits). */
  searchIndex?: boolean;
  /** The live-updates channel (tests give each run its own, so runs sharing a Redis do not hear each other). */
  liveChannel?: string;
};

type BuiltServices = {
  services: Services;
  database: Database;
  /** The durable mail outbox behind services.mailer; its worker is started by server/main.ts. */
  outbox: Outbox;
  close(): Promise<void>;
};

/** SEARCH_INDEX_MAX_MB, lowered (and said so) when this process's heap could not hold two such indexes during a reload. */
/** What wakes the search index (search-index.ts): this process's writes, and on PostgreSQL other servers' change notes. */
function changeSignals(database: Database): ChangeSignals | undefined {
  const { writes, listen } = database;
  if (!writes) return undefined;
  return listen ? { writes, listen: (handlers) => listen(CHANGES_CHANNEL, handlers) } : { writes };
}

function searchIndexCeiling(config: Config, logger: Logger): number {
  const heap = v8.getHeapStatistics().heap_size_limit;
  const ceiling = indexCeiling(config.searchIndexMaxBytes, heap);
  if (ceiling.lowered) {
    logger.warn({ searchIndexMaxMb: config.searchIndexMaxBytes / 2 ** 20, heapLimitMb: Math.round(heap / 2 ** 20), ceilingMb: Math.round(ceiling.bytes / 2 ** 20) }, 'search index ceiling lowered to what the heap holds twice (raise --max-old-space-size to raise it)');
  }
  return ceiling.bytes;
}

/** The database the config names: PostgreSQL (with the config's pool) when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function configuredDatabase(config: Config): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, max: config.databasePoolSize }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

/**
 * The composition root: every long-lived service, built from the config. `npm start`
 * (server/main.ts), the test app and the search benchmark all build their services here, so
 * what the tests run is wired exactly as production is.
 */
export async function createServices(config: Config, options: ServicesOptions = {}): Promise<BuiltServices> {
  const logger = createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(configuredDatabase(config)));
  const applied = await migrate(database);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  // Counters every instance shares: Redis when configured, else the database itself.
  const redis = config.redisUrl ? await createRedisStore(config.redisUrl, { logger }) : null;
  const transport = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: config.outboxDir }, logger);
  // Every message goes through the mail_outbox table first, so an SMTP outage loses none.
  const outbox = createOutboxMailer({ db: database.db, transport, logger });
  const media = await createMediaStore(config);
  // Before the search index loads: it keeps each ad's price as its value in Ksh.
  setKesRates(config.kesRates);
  const services: Services = {
    config,
    db: database.db,
    logger,
    mailer: outbox,
    media,
    images: {
      // The machine's cores, shared over the server processes on it.
      queue: createImageQueue({ slots: Math.floor(os.availableParallelism() / config.webConcurrency), limit: config.imageQueueLimit }),
      derived: createDerivedFilesJob({ db: database.db, media, logger }),
    },
    payments: createPaymentsService(config, logger, options.payments),
    searchCache: createSearchCache(config.searchCacheSeconds),
    // Loads in the background: until it is loaded, the database answers searches.
    searchIndex:
      config.searchIndex === 'memory' && options.searchIndex !== false
        ? createSearchIndex(database.db, logger, {
            maxBytes: searchIndexCeiling(config, logger),
            databaseInThread: database.kind === 'pglite',
            changes: changeSignals(database),
            // Not on PGlite: its statements run on this thread, so the warm-up's would hold the event
            // loop and put off listening; it is one process, with a demo's or a developer's data.
            warmUp: config.searchWarmUpSearches > 0 && database.kind !== 'pglite' ? (index, stop) => warmUpIndex(database.db, index, config.searchWarmUpSearches, stop) : undefined,
          })
        : undefined,
    draining: createDraining(),
    rateLimits: createRateLimits(redis ?? createDatabaseStore(database.db)),
    redis: redis ?? undefined,
    sms: createSmsService(config, options.sms),
    deviceKey: await loadDeviceKey(database.db),
    live: await createLiveBus(database, config.redisUrl, { logger, channel: options.liveChannel }),
  };
  if (config.sms.mode === 'sandbox') logger.info(`SMS sandbox: no AT_API_KEY, so texts (phone codes) go to ${config.appUrl}/sandbox/africastalking, not to phones`);
  if (config.sms.mode === 'off') logger.warn('SMS is off (no AT_API_KEY on a public APP_URL): sellers cannot verify their phones');
  return {
    services,
    database,
    outbox,
    async close() {
      services.searchIndex?.close();
      await boundedStep(logger, 'close live updates', 1_000, () => services.live?.close());
      await outbox.flush(1_500);
      outbox.close();
      await redis?.close();
      // pool.end() waits for every checked-out connection; over a network that drops packets
      // those never come back. PGlite closes in process, and must finish writing its files.
      if (database.kind === 'postgres') await boundedStep(logger, 'close the database pool', 1_500, () => database.close());
      else await database.close();
    },
  };
}
