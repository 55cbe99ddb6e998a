import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { matchQueuedAds, sendDueAlerts, type SendResult } from './alerts.ts';

/** Batches of new ads matched per run at most; the rest waits for the next run. */
const MAX_BATCHES = 50;

export type AlertJobDeps = {
  db: Db;
  appUrl: string;
  logger: Logger;
  /** The clock (tests move it to reach the daily digest). */
  now?: () => Date;
  /** Delivers queued mail at once (the outbox's deliverDue); otherwise the outbox worker sends it within seconds. */
  deliver?: () => Promise<unknown>;
  /** Ads matched per transaction. */
  batch?: number;
};

export type AlertRun = { ads: number; hits: number } & SendResult;

export type AlertJob = {
  /** One pass: match the new ads, then send what is due. Concurrent calls share one pass. */
  runOnce(): Promise<AlertRun>;
};

/** The saved-search alert job (alerts.ts): server/main.ts runs it every ALERTS_INTERVAL_SECONDS. */
export function createAlertJob(deps: AlertJobDeps): AlertJob {
  const now = deps.now ?? (() => new Date());
  let running: Promise<AlertRun> | undefined;

  async function pass(): Promise<AlertRun> {
    const run: AlertRun = { ads: 0, hits: 0, instant: 0, daily: 0 };
    for (let i = 0; i < MAX_BATCHES; i++) {
      const matched = await matchQueuedAds(deps.db, deps.batch);
      run.ads += matched.ads;
      run.hits += matched.hits;
      if (matched.ads === 0) break;
    }
    const sent = await sendDueAlerts({ db: deps.db, appUrl: deps.appUrl, logger: deps.logger }, now());
    run.instant = sent.instant;
    run.daily = sent.daily;
    if (sent.instant + sent.daily > 0) {
      deps.logger.info(run, 'saved-search alerts queued');
      await deps.deliver?.();
    }
    return run;
  }

  function runOnce(): Promise<AlertRun> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  return { runOnce };
}
