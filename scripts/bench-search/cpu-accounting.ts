import fs from 'node:fs';

/**
 * Where a benchmark run's CPU went, from the kernel's own accounting (/proc): the server's
 * main thread (its event loop), the server's other threads (V8's garbage collector helpers,
 * libuv's pool), the load generator's thread, and every PostgreSQL process on the machine.
 * On a 2-core machine these four share the cores, so a budget missed under load is explained
 * by which of them grew. Linux only; elsewhere nothing is reported.
 */

/** CPU seconds of one /proc stat line (utime + stime, fields 14 and 15, in clock ticks). */
export function statCpuSeconds(stat: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: count from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux that Node runs on (the kernel's ABI, not the tick rate). */
const TICKS_PER_SECOND = 100;

function read(path: string): string | null {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** CPU seconds of each process whose command is `name` (PostgreSQL's backends and helpers), by pid. */
function processesCpuSeconds(name: string): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || read(`/proc/${pid}/comm`)?.trim() !== name) continue;
    const stat = read(`/proc/${pid}/stat`);
    // A process's own stat counts all its threads, including those already ended.
    if (stat) byPid.set(pid, statCpuSeconds(stat));
  }
  return byPid;
}

/**
 * What the processes alive at the end used since the first snapshot (all of it for those
 * started since). A process that ended in between (a pooled connection closed when idle, an
 * autovacuum worker) takes its CPU with it: left out, so the figure is a lower bound, never the
 * negative a plain sum would give when a long-lived connection closes.
 */
function usedSince(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

export type CpuSnapshot = {
  process: number;
  main: number;
  postgres: Map<string, number>;
  at: number;
  /** The server runs in processes of its own (--processes N), not in this one with the load generator. */
  serverApart?: boolean;
};

/**
 * The CPU used so far by the server's process, its main thread and (`postgres`) PostgreSQL's processes;
 * null where /proc is not there. Without `postgres` (PGlite runs in the main thread) it counts none.
 * The server is this process, or the `serverPids` processes (--processes N): then `process` and
 * `main` are their sums, each process's main thread being its event loop.
 */
export function cpuSnapshot(postgres: boolean, serverPids?: number[]): CpuSnapshot | null {
  let own = 0;
  let main = 0;
  for (const pid of serverPids ?? [process.pid]) {
    const processStat = read(`/proc/${pid}/stat`);
    const mainStat = read(`/proc/${pid}/task/${pid}/stat`);
    if (!processStat || !mainStat) return null;
    own += statCpuSeconds(processStat);
    main += statCpuSeconds(mainStat);
  }
  return { process: own, main, postgres: postgres ? processesCpuSeconds('postgres') : new Map(), at: performance.now(), serverApart: Boolean(serverPids) };
}

export type CpuPerRequest = {
  /** The server's event loop (the sum of its processes' with --processes N): what every request waits for in turn. */
  mainMs: number;
  /** The server processes' other threads (garbage collector helpers, libuv's pool), the load generator's left out. */
  helpersMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
  /** Cores busy on average over the run, all four together. */
  cores: number;
};

/**
 * CPU per request between two snapshots. `loadGeneratorSeconds` is what the load generator's
 * thread measured of itself: it runs in this process, so when the server does too it is taken
 * out of the helpers' share.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number, loadGeneratorSeconds: number): CpuPerRequest {
  const main = after.main - before.main;
  const helpers = Math.max(0, after.process - before.process - main - (after.serverApart ? 0 : loadGeneratorSeconds));
  const postgres = usedSince(before.postgres, after.postgres);
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, requests);
  const wallSeconds = (after.at - before.at) / 1000;
  return {
    mainMs: per(main),
    helpersMs: per(helpers),
    postgresMs: per(postgres),
    loadGeneratorMs: per(loadGeneratorSeconds),
    cores: wallSeconds > 0 ? (main + helpers + postgres + loadGeneratorSeconds) / wallSeconds : 0,
  };
}

/**
 * `embedded`: the database runs in the server's main thread (PGlite), so no PostgreSQL figure.
 * With several server processes the utilisation is their event loops' mean.
 */
export function formatCpu(cpu: CpuPerRequest, eventLoopUtilization: number, embedded: boolean, processes = 1): string {
  const f = (n: number) => n.toFixed(2);
  const mean = processes > 1 ? `, mean of ${processes} processes` : '';
  return (
    `CPU ms a request: server main thread ${f(cpu.mainMs)}${embedded ? ' (database included)' : ''} (event loop ${Math.round(eventLoopUtilization * 100)}% busy${mean}), ` +
    `server's other threads ${f(cpu.helpersMs)}, ${embedded ? '' : `PostgreSQL ${f(cpu.postgresMs)}, `}load generator ${f(cpu.loadGeneratorMs)}; ` +
    `${cpu.cores.toFixed(2)} cores busy`
  );
}
