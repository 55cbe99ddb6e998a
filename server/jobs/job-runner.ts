import type { Logger } from 'pino';

/*
 * The one scheduler of the background jobs (mail outbox, ad expiry, media sweep, payment
 * reconciliation, search-index catch-up, saved-search alerts: server/main.ts starts them).
 * Why our own rather than pg-boss or graphile-worker: docs/decisions/job-runner.md.
 *
 * Each job waits for its run to end before its next wait begins (a chain of timeouts, not an
 * interval), so it never overlaps itself however long a run takes. Each wait is moved by a
 * random share of the interval, so server processes started together (node:cluster, several
 * instances after a deploy) drift apart instead of all querying the database at the same moment.
 */

type JobOptions = {
  /** How far each wait may move either way, as a share of the interval (0.1: ±10 %). */
  jitter?: number;
  /** Run once at once, then on the interval; otherwise the first run comes after one wait. */
  runAtStart?: boolean;
};

type JobRunner = {
  /** Runs `run` every `intervalMs` (give or take the jitter) until stop(); a failure is logged and the next run comes as usual. */
  every(name: string, intervalMs: number, run: () => Promise<unknown>, options?: JobOptions): void;
  /** Nothing starts from now on; waits up to `waitMs` for the runs in progress (the database closes next). */
  stop(waitMs?: number): Promise<void>;
};

export const DEFAULT_JITTER = 0.1;
/** A run still going after this at shutdown is left behind (it is logged): the process must exit. */
const STOP_WAIT_MS = 10_000;

/** One wait: the interval moved by up to `jitter` of itself either way. `random` is in [0, 1). */
export function jitteredDelay(intervalMs: number, jitter: number, random: () => number): number {
  return Math.round(intervalMs * (1 + jitter * (2 * random() - 1)));
}

export function createJobRunner({ logger }: { logger: Logger }): JobRunner {
  let stopped = false;
  const names = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();

  return {
    every(name, intervalMs, run, options = {}) {
      const jitter = options.jitter ?? DEFAULT_JITTER;
      if (stopped) throw new Error(`The job runner is stopped: "${name}" was not started.`);
      if (names.has(name)) throw new Error(`A job named "${name}" is already scheduled.`);
      if (!Number.isFinite(intervalMs) || intervalMs <= 0) throw new Error(`Job "${name}": the interval must be a positive number of milliseconds, not ${intervalMs}.`);
      if (!(jitter >= 0 && jitter < 1)) throw new Error(`Job "${name}": the jitter must be at least 0 and below 1, not ${jitter}.`);
      names.add(name);

      const wait = () => {
        if (stopped) return;
        const timer = setTimeout(tick, jitteredDelay(intervalMs, jitter, Math.random));
        // A waiting job must not keep a process alive (scripts, tests): only a run in progress matters.
        timer.unref();
        timers.set(name, timer);
      };
      const tick = () => {
        timers.delete(name);
        const done = (async () => {
          try {
            await run();
          } catch (err) {
            logger.warn({ job: name, err }, 'background job failed; it runs again at its next turn');
          }
        })().finally(() => running.delete(name));
        running.set(name, done);
        void done.then(wait);
      };

      if (options.runAtStart) tick();
      else wait();
    },

    async stop(waitMs = STOP_WAIT_MS) {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      if (!running.size) return;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), waitMs)));
      const late = await Promise.race([Promise.all(running.values()).then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) logger.warn({ jobs: [...running.keys()], waitedMs: waitMs }, 'background jobs still running at shutdown; not waiting longer');
    },
  };
}
