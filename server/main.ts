import type { Config } from './config.ts';
import type { Services } from './context.ts';
import type { Database } from './db/client.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { OUTBOX_INTERVAL_MS } from './mail/outbox.ts';
import { RECONCILE_INTERVAL_MS, reconcilePayments } from './payments/payments.ts';
import { paymentsDeps } from './payments/service.ts';
import { CATCH_UP_EVERY_MS, SELF_CHECK_EVERY_MS } from './search/memory/search-index.ts';
import { hasSuggestionWords, refreshSuggestionWords, SUGGESTION_REFRESH_MS } from './search/database/database-suggest.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { createServices } from './services.ts';
import { SWEEP_INTERVAL_MS, sweepMedia } from './media/sweep.ts';
import { sweepDrafts } from './listings/drafts.ts';
import { DERIVED_FILES_INTERVAL_MS } from './media/derived-files.ts';
import { boundedStep } from './shutdown.ts';
import { createExpiryJob, EXPIRY_INTERVAL_MS } from './listings/lifecycle.ts';
import { HEADS_INTERVAL_MS, writeMissingHeads, writeMissingIndexLines } from './listings/json-heads.ts';
import { createAlertJob } from './alerts/job.ts';
import { createMessageMailJob, MESSAGE_MAIL_INTERVAL_MS } from './messages/notifications.ts';
import { REFILE_KEYS_INTERVAL_MS, refileSearchKeys } from './saved/refile-search-keys.ts';
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
  if (payments?.mpesa?.sandbox) logger.info(`payments: Daraja sandbox active (no DARAJA_* keys) — M-Pesa prompts go to ${config.appUrl}/sandbox/daraja, not to phones`);
  else if (!payments?.mpesa) logger.info('payments: M-Pesa direct is off (no DARAJA_* keys on a public APP_URL); Flutterwave remains');
  if (config.seedDemoData && (await seedIfEmpty(services))) {
    logger.info('empty database: demo data added (amina@demo.soko.co.ke / sokodemo123)');
  }
  // Every process runs every job: each job is safe beside itself in other processes (rows are
  // claimed with a lease or SKIP LOCKED), and the search index it keeps fresh is this process's own.
  const jobs = createJobRunner({ logger });
  const { db } = built.database;
  const deliver = () => built.outbox.deliverDue();
  jobs.every('mail outbox', OUTBOX_INTERVAL_MS, deliver, { runAtStart: true });
  // Reminders three days before an ad's term ends (through the outbox), then expiry.
  const expiry = createExpiryJob({ db, config, logger, deliver });
  jobs.every('ad expiry', EXPIRY_INTERVAL_MS, () => expiry.runOnce(), { runAtStart: true });
  // $DATA_DIR/tmp: where streamed uploads wait while their request runs.
  const sweep = { db, media: services.media, tempDir: path.join(config.dataDir, 'tmp'), logger };
  jobs.every('media sweep', SWEEP_INTERVAL_MS, () => sweepMedia(sweep), { runAtStart: true });
  // Drafts of ads nobody touched for a week, and their photos (server/listings/drafts.ts).
  jobs.every('draft sweep', SWEEP_INTERVAL_MS, () => sweepDrafts({ db, media: services.media, logger }));
  // The smaller sizes, card files and link previews posts left for later (posts also wake it at once), including those a restart interrupted.
  const derived = services.images.derived;
  jobs.every('derived image files', DERIVED_FILES_INTERVAL_MS, () => derived.runOnce(), { runAtStart: true });
  // Ads without their stored JSON (from before migration 2300, or restored) or search index line (migration 2400): written a batch at a time.
  jobs.every('listing JSON heads', HEADS_INTERVAL_MS, async () => {
    const written = await writeMissingHeads(db);
    if (written > 0) logger.info({ written }, 'listing JSON heads written');
    const lines = await writeMissingIndexLines(db);
    if (lines > 0) logger.info({ written: lines }, 'search index lines written');
  }, { runAtStart: true });
  // Pending payments whose redirect and webhook (or M-Pesa callback) went missing: asked again (server/payments/).
  const reconcile = paymentsDeps(services);
  jobs.every('payment reconciliation', RECONCILE_INTERVAL_MS, () => reconcilePayments(reconcile));
  const { searchIndex } = services;
  if (searchIndex) {
    jobs.every('search-index catch-up', CATCH_UP_EVERY_MS, () => searchIndex.keepFresh());
    // A write that left no change note (TRUNCATE, a restore with triggers off) is found here.
    jobs.every('search-index self-check', SELF_CHECK_EVERY_MS, () => searchIndex.selfCheck(), { jitter: 0.2 });
  }
  // The database's words for suggestions (issue 42), for when the memory index cannot answer. On
  // PGlite counting them would hold this thread for seconds, and the index answers there once
  // loaded: the job runs only where the database is a server of its own, or without an index.
  // Counted at start only when none are kept from an earlier run: at 1,000,000 ads the count is
  // 17 s of PostgreSQL's CPU, which a start would spend beside its search index's load (13 s
  // alone, 22 s beside the count, on two cores).
  if (built.database.kind !== 'pglite' || !searchIndex) {
    const runAtStart = !(await hasSuggestionWords(db));
    jobs.every('suggestion words', SUGGESTION_REFRESH_MS, () => refreshSuggestionWords(db), { runAtStart, jitter: 0.2 });
  }
  // Saved-search alerts: new ads matched, instant alerts and daily digests queued in the outbox (server/alerts/).
  const alerts = createAlertJob({ db, appUrl: config.appUrl, logger, deliver });
  jobs.every('saved-search alerts', config.alertsIntervalMs, () => alerts.runOnce(), { runAtStart: true });
  // Saved searches filed under older match-key rules are filed again (after an upgrade; then it finds nothing).
  jobs.every('saved-search keys', REFILE_KEYS_INTERVAL_MS, async () => {
    const { checked, moved } = await refileSearchKeys(db);
    if (checked > 0) logger.info({ checked, moved }, 'saved searches filed again under the current match-key rules');
  }, { runAtStart: true });
  // E-mails about messages left unread for 10 minutes, through the outbox (server/messages/notifications.ts).
  const messageMails = createMessageMailJob({ db, appUrl: config.appUrl, logger, deliver });
  jobs.every('message e-mails', MESSAGE_MAIL_INTERVAL_MS, () => messageMails.runOnce());
  return {
    services,
    database: built.database,
    async stop() {
      // A job waiting on a database that no longer answers is left behind after a second, not waited for.
      await Promise.all([jobs.stop(1_000), boundedStep(logger, 'stop derived image files', 1_000, () => derived.stop())]);
      await built.close();
    },
  };
}
