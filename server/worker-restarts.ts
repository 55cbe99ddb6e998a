/**
 * When node:cluster's primary replaces a server process that died (server/index.ts). One that
 * ran a while is replaced at once; processes that die young (a crash at start-up, memory
 * running out while the search index loads) are replaced after a pause that doubles each time,
 * so that a crash loop neither spins the CPU nor floods the log, and recovers on its own once
 * the cause is gone.
 */

/** A process that ran at least this long died of something else than its start: its successor starts at once. */
export const RAN_LONG_ENOUGH_MS = 60_000;
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 60_000;

export type RestartPolicy = {
  /** Call when a process dies, with how long it ran: the pause before its successor starts. */
  died(ranMs: number): number;
};

export function createRestartPolicy(): RestartPolicy {
  let youngDeaths = 0;
  return {
    died(ranMs) {
      if (ranMs >= RAN_LONG_ENOUGH_MS) {
        youngDeaths = 0;
        return 0;
      }
      youngDeaths++;
      return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (youngDeaths - 1));
    },
  };
}
