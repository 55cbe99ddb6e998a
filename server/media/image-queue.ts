import { AppError } from '../http/errors.ts';
import { english } from '../i18n.ts';

export const IMAGE_QUEUE_BUSY_MESSAGE = english.errors.imageQueueBusy;

/**
 * The photo work of ad posts, bounded (issue 49, point 3). At most `slots` posts have their
 * photos encoded at once in a server process (the CPU's cores, shared over the processes),
 * and at most `limit` more wait their turn; one more is refused at once with 503 and
 * Retry-After, before anything is stored. Without the bound, 24 posts of three photos on two
 * cores all ran together, each took 86 s, and their clients had given up long before.
 */
export type ImageQueue = {
  /** Refuses (503) when the line is full: checked before a post's body is read and before its allowance is counted. */
  assertRoom(): void;
  /** Runs `work` in its turn; refuses (503) at once when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` now if a slot is free and nobody waits, else answers null (a missing file asked for by a page: it is served another size instead). */
  runIfFree<T>(work: () => Promise<T>): Promise<T> | null;
  stats(): { running: number; waiting: number; slots: number; limit: number };
};

export function createImageQueue(options: { slots: number; limit: number }): ImageQueue {
  const slots = Math.max(1, options.slots);
  let running = 0;
  const line: Array<() => void> = [];
  // Seconds a post's photos took, smoothed: what Retry-After is worked out from.
  let averageMs = 1000;

  const busy = () => {
    const seconds = Math.ceil(((line.length + running) * averageMs) / slots / 1000);
    const retryAfter = Math.min(300, Math.max(5, Math.ceil(seconds / 5) * 5));
    return new AppError(503, (t) => t.errors.imageQueueBusy, { headers: { 'Retry-After': String(retryAfter) } });
  };

  async function execute<T>(work: () => Promise<T>): Promise<T> {
    const began = performance.now();
    try {
      return await work();
    } finally {
      averageMs = averageMs * 0.8 + (performance.now() - began) * 0.2;
      running--;
      const next = line.shift();
      if (next) {
        running++;
        next();
      }
    }
  }

  return {
    assertRoom() {
      if (line.length >= options.limit && running >= slots) throw busy();
    },
    async run(work) {
      if (running < slots && line.length === 0) {
        running++;
        return execute(work);
      }
      if (line.length >= options.limit) throw busy();
      // The slot is handed over by the task that ends (running stays counted).
      await new Promise<void>((resolve) => line.push(resolve));
      return execute(work);
    },
    runIfFree(work) {
      if (running >= slots || line.length > 0) return null;
      running++;
      return execute(work);
    },
    stats: () => ({ running, waiting: line.length, slots, limit: options.limit }),
  };
}
