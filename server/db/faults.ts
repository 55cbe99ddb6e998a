/**
 * Telling database faults apart from our own bugs. A lost connection (restart, failover, a
 * killed backend, PGlite closed) is the database being away for a moment: the request that
 * hit it answers 503 and the next one reconnects. A value PostgreSQL refuses to store (NUL,
 * invalid text for a type, a number out of range) is the client's input: 400.
 */

/** SQLSTATEs that mean "the connection or the server went away", not "the query was wrong". */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a standby after failover, before promotion
]);

/** A database closed to connections (ALLOW_CONNECTIONS false during maintenance, a failover's switch). */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/i;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed|the database system is (starting up|shutting down|in recovery mode)/i;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and every error it wraps (Drizzle's DrizzleQueryError cause, AggregateError members). */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (depth > 5 || typeof error !== 'object' || error === null) return;
  const e = error as ErrorLike;
  yield e;
  if (e.cause) yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

function sqlState(e: ErrorLike): string | undefined {
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
}

/** Why the database cannot be used right now, or undefined when the error is something else. */
export function databaseUnavailableReason(error: unknown): string | undefined {
  for (const e of chain(error)) {
    const state = sqlState(e);
    const message = typeof e.message === 'string' ? e.message : '';
    if (state && (UNAVAILABLE_STATES.has(state) || state.startsWith('08'))) return `${message} (${state})`;
    // 55000 is a broad class ("object not in prerequisite state"); only its refused connection is an outage.
    if (state === '55000' && NOT_ACCEPTING_CONNECTIONS.test(message)) return `${message} (${state})`;
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return `${message || 'network error'} (${e.code})`;
    if (UNAVAILABLE_MESSAGES.test(message)) return message;
    // PGlite runs PostgreSQL as WebAssembly; an abort there leaves the instance unusable.
    if (e instanceof WebAssembly.RuntimeError) return `embedded database stopped: ${message}`;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== undefined;
}

/**
 * A value the database refused because of what it is (class 22: NUL in text, invalid input
 * for a type, out of range; 54000: a value too large to index). Only input can cause these.
 */
export function isRefusedValue(error: unknown): boolean {
  for (const e of chain(error)) {
    const state = sqlState(e);
    if (state && (state.startsWith('22') || state === '54000')) return true;
  }
  return false;
}

type FaultState = { count: number; down: () => boolean };
const states = new WeakMap<object, FaultState>();

/**
 * Counts connection faults of one database handle (server/db/client.ts notes them as the
 * driver sees them), so code that only sees an outcome (a page that caught the error and
 * rendered its own 500) can still tell whether the database failed meanwhile.
 * down() reports a handle that is unusable for good (a closed PGlite).
 */
export function trackFaults(db: object, down: () => boolean = () => false): { note(): void } {
  const state: FaultState = { count: 0, down };
  states.set(db, state);
  return { note: () => void state.count++ };
}

/** A mark to compare with later. */
export function faultMark(db: object): number {
  return states.get(db)?.count ?? 0;
}

/** Whether the database failed since the mark was taken (or is down now). */
export function faultedSince(db: object, mark: number): boolean {
  const state = states.get(db);
  return state !== undefined && (state.count > mark || state.down());
}
