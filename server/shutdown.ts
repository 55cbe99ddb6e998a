import type { Logger } from 'pino';

/**
 * Shutdown's time budget after the requests' grace period: every cleanup step together (the
 * background jobs, the mail due, the database) gets at most this long. A database that went
 * away at the network level (packets dropped, no reset) leaves queries and the pool's end
 * waiting for ever; a process that must stop cannot wait with them.
 */
export const CLEANUP_BUDGET_MS = 5_000;

/** The most the whole shutdown may take: the requests' grace, then the cleanup. Past it the process exits regardless. */
export const shutdownDeadlineMs = (graceMs: number) => graceMs + CLEANUP_BUDGET_MS;

/**
 * Runs one shutdown step for at most `ms`. A step that fails or overruns is logged and left
 * behind (it dies with the process); the next step goes on. Resolves true when it finished.
 */
export async function boundedStep(logger: Logger, what: string, ms: number, step: () => unknown): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<'overran'>((resolve) => {
    timer = setTimeout(() => resolve('overran'), ms);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([Promise.resolve().then(step), overran]);
    if (outcome !== 'overran') return true;
    logger.warn({ step: what, ms }, 'shutdown: step did not finish in time; going on without it');
  } catch (error) {
    logger.warn({ step: what, err: error }, 'shutdown: step failed; going on');
  } finally {
    clearTimeout(timer);
  }
  return false;
}

/**
 * The last resort: if shutdown has not ended by the deadline (a step that cannot be bounded,
 * a socket that will not close), the process exits anyway, with code 1.
 */
export function exitByDeadline(logger: Logger, ms: number, exit: (code: number) => void = (code) => process.exit(code)): void {
  const timer = setTimeout(() => {
    logger.error({ ms }, 'shutdown: not finished by its deadline; exiting now');
    exit(1);
  }, ms);
  timer.unref();
}
