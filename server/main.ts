import type { Config } from './config.ts';
import type { Services } from './context.ts';
import type { Database } from './db/client.ts';
import { startReconciliation } from './payments/payments.ts';
import { paymentsDeps } from './payments/service.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { createServices } from './services.ts';
import { startMediaSweep } from './media/sweep.ts';
import { createExpiryJob } from './listings/lifecycle.ts';
import { createAlertJob } from './alerts/job.ts';
import path from 'node:path';

export type Runtime = { services: Services; database: Database; stop(): Promise<void> };

/**
 * Migrations and demo data, once, before several server processes start (they would race to
 * seed an empty database otherwise).
 */
export async function prepareDatabase(config: Config): Promise<void> {
  const built = await createServices(config, { searchIndex: false });
  try {
    if (config.seedDemoData && (await seedIfEmpty(built.services))) built.services.logger.info('empty database: demo data added');
  } finally {
    await built.close();
  }
}

/** What `npm start` runs: the services (server/services.ts), the demo data when empty, and the background jobs. */
export async function startRuntime(config: Config): Promise<Runtime> {
  const built = await createServices(config);
  const { services } = built;
  const { logger, payments } = services;
  if (payments?.sandbox) logger.info('payments: Flutterwave sandbox active (no FLW_SECRET_KEY) — no real money moves');
  else if (!config.payments.webhookHash) logger.warn('payments: FLW_WEBHOOK_HASH is not set, so webhooks are refused; payments settle on return and by reconciliation');
  if (config.seedDemoData && (await seedIfEmpty(services))) {
    logger.info('empty database: demo data added (amina@demo.soko.co.ke / sokodemo123)');
  }
  const background: Array<() => void | Promise<void>> = [
    startReconciliation(paymentsDeps(services)),
    built.outbox.start(),
    // Reminders three days before an ad's term ends (through the outbox), then expiry.
    createExpiryJob({ db: built.database.db, config, logger, deliver: () => built.outbox.deliverDue() }).start(),
    // $DATA_DIR/tmp: where streamed uploads wait while their request runs.
    startMediaSweep({ db: built.database.db, mediaDir: config.mediaDir, tempDir: path.join(config.dataDir, 'tmp'), logger }),
    // The smaller sizes, card files and link previews posts left for later, including those a restart interrupted.
    services.images.derived.start(),
    // Saved-search alerts: new ads matched, instant alerts and daily digests queued in the outbox (server/alerts/).
    createAlertJob({ db: built.database.db, appUrl: config.appUrl, logger, deliver: () => built.outbox.deliverDue() }).start(config.alertsIntervalMs),
  ];
  return {
    services,
    database: built.database,
    async stop() {
      await Promise.all(background.map((stopJob) => stopJob()));
      await built.close();
    },
  };
}
