import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How long a measurement of the event loop's load lasts before the next one starts. */
export const LOAD_WINDOW_MS = 200;

/**
 * Above this share of the last window spent running code (not waiting for I/O), the event loop is
 * taken to be the server's bottleneck: requests are queueing behind each other's CPU.
 */
export const BUSY_UTILIZATION = 0.75;

/**
 * Above this share the event loop has no idle time left to speak of: every request waits for
 * all those ahead of it, and each millisecond of CPU one saves is a millisecond off them all.
 */
export const SATURATED_UTILIZATION = 0.95;

/** How loaded the event loop was over its last full window. */
export type EventLoopLevel = 'idle' | 'busy' | 'saturated';

/**
 * How loaded this process's event loop is now, from the share of its last full window of
 * LOAD_WINDOW_MS it spent running code: `level()` says idle, busy (the bottleneck: above
 * BUSY_UTILIZATION) or saturated (above SATURATED_UTILIZATION). Measured lazily, when asked, from Node's own
 * counters (`performance.eventLoopUtilization`): no timer, and a few hundred nanoseconds a call.
 */
export function createEventLoopLoad(clock: () => number = () => performance.now(), utilization: (a?: EventLoopUtilization, b?: EventLoopUtilization) => EventLoopUtilization = performance.eventLoopUtilization) {
  let windowStart = utilization();
  let windowStartedAt = clock();
  let level: EventLoopLevel = 'idle';
  const read = (): EventLoopLevel => {
    const now = clock();
    if (now - windowStartedAt >= LOAD_WINDOW_MS) {
      const current = utilization();
      const share = utilization(current, windowStart).utilization;
      level = share > SATURATED_UTILIZATION ? 'saturated' : share > BUSY_UTILIZATION ? 'busy' : 'idle';
      windowStart = current;
      windowStartedAt = now;
    }
    return level;
  };
  return { level: read };
}

export const eventLoopLoad = createEventLoopLoad();
