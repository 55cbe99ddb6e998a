import type { Config } from './config.ts';
import type { Services } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createOutboxMailer } from './mail/outbox.ts';
import { createLocalMediaStore } from './media/storage.ts';
import { startMediaSweep } from './media/sweep.ts';
import { startReconciliation } from './payments/payments.ts';
import { createPaymentsService, paymentsDeps } from './payments/service.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { createSearchCache } from './listings/search-cache.ts';
import path from 'node:path';

export type Runtime = { services: Services; database: Database; stop(): Promise<void> };

/** The composition root: opens the database, migrates, seeds, and builds the services. */
export async function startRuntime(config: Config): Promise<Runtime> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  const applied = await migrate(database);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const media = createLocalMediaStore(config.mediaDir);
  const transport = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: config.outboxDir }, logger);
  const mailer = createOutboxMailer({ db: database.db, transport, logger });
  const payments = createPaymentsService(config, logger);
  const searchCache = createSearchCache(config.searchCacheSeconds);
  const services: Services = { config, db: database.db, logger, mailer, media, payments, searchCache };
  if (payments.sandbox) logger.info('payments: Flutterwave sandbox active (no FLW_SECRET_KEY) — no real money moves');
  else if (!config.payments.webhookHash) logger.warn('payments: FLW_WEBHOOK_HASH is not set, so webhooks are refused; payments settle on return and by reconciliation');
  if (config.seedDemoData && (await seedIfEmpty(services))) {
    logger.info('empty database: demo data added (amina@demo.soko.co.ke / sokodemo123)');
  }
  const background: Array<() => void> = [
    startReconciliation(paymentsDeps(services)),
    mailer.start(),
    // $DATA_DIR/tmp: where streamed uploads wait while their request runs.
    startMediaSweep({ db: database.db, mediaDir: config.mediaDir, tempDir: path.join(config.dataDir, 'tmp'), logger }),
  ];
  return {
    services,
    database,
    async stop() {
      for (const stopJob of background) stopJob();
      await mailer.flush();
      mailer.close();
      await database.close();
    },
  };
}
