import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How long a measurement of the event loop's load lasts before the next one starts. */
export const LOAD_WINDOW_MS = 200;

/**
 * Above this share of the last window spent running code (not waiting for I/O), the event loop is
 * taken to be the server's bottleneck: requests are queueing behind each other's CPU.
 */
export const BUSY_UTILIZATION = 0.75;

/**
 * Whether this process's event loop is the bottleneck now: busy for more than BUSY_UTILIZATION
 * of its last full window of LOAD_WINDOW_MS. Measured lazily, when asked, from Node's own
 * counters (`performance.eventLoopUtilization`): no timer, and a few hundred nanoseconds a call.
 */
export function createEventLoopLoad(clock: () => number = () => performance.now(), utilization: (a?: EventLoopUtilization, b?: EventLoopUtilization) => EventLoopUtilization = performance.eventLoopUtilization) {
  let windowStart = utilization();
  let windowStartedAt = clock();
  let busy = false;
  return {
    busy(): boolean {
      const now = clock();
      if (now - windowStartedAt >= LOAD_WINDOW_MS) {
        const current = utilization();
        busy = utilization(current, windowStart).utilization > BUSY_UTILIZATION;
        windowStart = current;
        windowStartedAt = now;
      }
      return busy;
    },
  };
}

export const eventLoopLoad = createEventLoopLoad();
