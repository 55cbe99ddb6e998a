import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { EventEmitter } from 'node:events';
import type { ClientConfig } from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { listenOn, type ListenHandlers, type Listener } from './listen.ts';
import { isDatabaseUnavailable, trackFaults } from './faults.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle every domain function takes; the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of SQL statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Serialises concurrent migrators; PGlite is single-process so it needs none. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: LISTEN on a connection of its own (server/db/listen.ts), for notifications from every instance. */
  listen?(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /**
   * PostgreSQL only: how many statements that may have written (anything but a plain read,
   * COMMIT included) this process has seen complete. A reader that notes the count before it
   * reads, and finds it unchanged later, knows this process committed nothing it could have missed.
   */
  writes?(): number;
};

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */; loadDataDir?: Blob /* a dumpDataDir() tarball to start from */ }
  | { kind: 'postgres'; url: string; searchPath?: string; max?: number };

/**
 * Our sessions tell the planner that reading a page out of order costs little more than
 * reading it in order (the default, 4, assumes spinning disks). True for SSDs and for data
 * in memory, and it decides whether "category + word" walks the category's date index
 * (6 ms at a million listings) or the site-wide one (17 ms): `npm run bench:search -- --explain`.
 */
const RANDOM_PAGE_COST = 1.1;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dataDir, options.loadDataDir) : openPostgres(options);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm }, ...(await pgliteEngine()) }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  const writes = countWrites(client);
  const db = drizzle({ client, schema }) as unknown as Db;
  // In process there is no connection to lose; a closed (or crashed) PGlite is the fault.
  trackFaults(db, () => client.closed);
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    withMigrationLock: (fn) => fn(),
    ping: async () => {
      await client.query('select 1');
    },
    writes,
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/**
 * Database.writes on PGlite: statements that may write, scripts, and transactions (counted as
 * they end) through this handle, the only one there is. Completion is what counts: from then on a
 * new snapshot sees what they committed.
 */
function countWrites(client: { query: unknown; exec: unknown; transaction: unknown }): () => number {
  let writes = 0;
  const wrote = () => {
    writes += 1;
  };
  const settle = (result: Promise<unknown>) => {
    result.then(wrote, wrote);
    return result;
  };
  const query = (client.query as (...args: unknown[]) => Promise<unknown>).bind(client);
  const exec = (client.exec as (...args: unknown[]) => Promise<unknown>).bind(client);
  const transaction = (client.transaction as (...args: unknown[]) => Promise<unknown>).bind(client);
  client.query = (...args: unknown[]) => (mayWrite(typeof args[0] === 'string' ? args[0] : undefined) ? settle(query(...args)) : query(...args));
  client.exec = (...args: unknown[]) => (mayWrite(typeof args[0] === 'string' ? args[0] : undefined) ? settle(exec(...args)) : exec(...args));
  client.transaction = (...args: unknown[]) => settle(transaction(...args));
  return () => writes;
}

let engine: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/**
 * PGlite's compiled WebAssembly and its file-system bundle, made once per process. Each
 * PGlite.create() would otherwise compile the 9 MB module and read the bundle again: about
 * half of the 2-4 s an instance takes to start, paid by every test file and by the
 * browser-test server, which opens the database twice (seed, then start).
 */
function pgliteEngine() {
  engine ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([fs.promises.readFile(path.join(dist, 'pglite.wasm')), fs.promises.readFile(path.join(dist, 'pglite.data'))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return engine;
}

async function openPostgres(options: { url: string; searchPath?: string; max?: number }): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns (price) come back as numbers; prices are far below 2^53.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const faults = { note: () => {} };
  let writes = 0;
  const wrote = () => {
    writes += 1;
  };
  /**
   * Our connections. A client losing its connection (restart, failover, pg_terminate_backend)
   * must never crash the process: the pool's 'error' event covers idle clients only, and a
   * client checked out for a transaction emits 'error' on itself, with no listener unless we
   * add one. The query in flight (or the next one) fails instead, the request answers 503, and
   * the pool discards the broken client on release and connects afresh for the next request.
   * Every such fault is also counted (server/db/faults.ts), so a page that caught the error and
   * rendered its own 500 can still be answered as 503.
   */
  class Client extends pg.default.Client {
    constructor(config?: string | ClientConfig) {
      super(config);
      this.on('error', () => faults.note());
      // Emitted as the server's error arrives, before the failed query's promise settles.
      (this as unknown as { connection?: EventEmitter }).connection?.on('errorMessage', (message: unknown) => {
        if (isDatabaseUnavailable(message)) faults.note();
      });
      // A connection that cannot be made (refused, timed out, the server starting up).
      const connect = this.connect.bind(this) as (callback?: (err: Error | undefined) => void) => Promise<unknown> | void;
      this.connect = ((callback?: (err: Error | undefined) => void) => {
        if (callback) {
          return connect((err) => {
            if (err) faults.note();
            callback(err);
          });
        }
        return (connect() as Promise<unknown>).catch((err: unknown) => {
          faults.note();
          throw err;
        });
      }) as typeof this.connect;
      // Counted as each statement completes (failed or not): by then what it committed is visible to a later snapshot.
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => {
        const first = args[0] as string | { text?: string } | undefined;
        if (!mayWrite(typeof first === 'string' ? first : first?.text)) return query(...args);
        const last = args.length - 1;
        if (typeof args[last] === 'function') {
          const callback = args[last] as (...result: unknown[]) => void;
          args[last] = (...result: unknown[]) => {
            wrote();
            callback(...result);
          };
          return query(...args);
        }
        const result = query(...args);
        if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(wrote, wrote);
        else wrote();
        return result;
      }) as typeof this.query;
    }
  }
  const pool = new pg.default.Pool({
    Client,
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    // Notices a peer that vanished without closing (a failover, a dropped network) on idle connections.
    keepAlive: true,
    // JIT compiles the expressions of statements the planner thinks expensive: tens of ms spent
    // on a search that then runs in one (server/search/database/bounded-search.ts). Parallel workers
    // likewise: starting them costs a few ms, more than the short index reads each request makes,
    // and a site serving many requests at once has no idle core to give them.
    options: [`-c random_page_cost=${RANDOM_PAGE_COST}`, '-c jit=off', '-c max_parallel_workers_per_gather=0', options.searchPath ? `-c search_path=${options.searchPath},public` : '']
      .filter(Boolean)
      .join(' '),
  });
  pool.on('error', () => faults.note());
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  faults.note = trackFaults(db).note;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    withMigrationLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727367)');
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(727367)').catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listenOn(pg.default.Client, options.url, channel, handlers),
    writes: () => writes,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** PGlite statements PREPAREd from a plain read (executePrepared): running them writes nothing. */
const readOnlyStatements = new Set<string>();

/** Whether a statement may write: anything but a plain read (a SELECT of ours calls no function that writes). Unknown text counts. */
function mayWrite(text: string | undefined): boolean {
  const [, verb, name] = /^\s*([a-z]+)\s*([a-z0-9_]*)/i.exec(text ?? '') ?? [];
  switch (verb?.toLowerCase()) {
    case 'select':
    case 'show':
    case 'set':
    case 'listen':
    case 'prepare':
      return false;
    case 'with':
      // A read with named parts (the search index's catch-up) unless one of them writes.
      return /\b(insert|update|delete|merge)\b/i.test(text!);
    case 'execute':
      return !readOnlyStatements.has(name!);
    default:
      return true;
  }
}

/** Rows of a raw SQL query; both drivers answer with { rows }. */
export async function queryRows<T>(db: Db, query: SQL | string): Promise<T[]> {
  const result = (await db.execute(query as SQL)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * An array of ids (uuids) or transaction ids (xid8) as one parameter, `{a,b}`, cast to its type:
 * for `= ANY(...)` and `unnest(...)`. The values hold neither commas nor braces.
 */
export function sqlArray(values: readonly string[], type: 'uuid' | 'xid8'): SQL {
  return sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
}

const dialect = new PgDialect();

/**
 * Rows of a query that runs very often with the same text. On PostgreSQL it is a named
 * prepared statement, so each connection plans it once instead of on every call. On PGlite it
 * is PREPAREd in SQL once and run by EXECUTE with its values written as literals, over the
 * simple protocol: a page of 24 listings took 4.0 ms as a plain query there, of which planning
 * was 0.7 ms and the extended protocol's handling of the 20 kB answer about 1 ms. Values come
 * back as the drivers' defaults (select text, numbers and JSON, not timestamps).
 */
export async function queryPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return queryPreparedText<T>(db, name, text, params);
}

/** queryPrepared with the statement's text and parameters already built. */
export async function queryPreparedText<T>(db: Db, name: string, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: PreparingClient }).$client;
  if ('totalCount' in client) return (await client.query({ name, text, values: params })).rows as T[];
  return (await executePrepared(client, name, text, params)) as T[];
}

type PgliteClient = {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<Array<{ rows: unknown[] }>>;
};
type PreparingClient = { totalCount: number; query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> } | PgliteClient;

/** Per PGlite database: whether each name is PREPAREd (false: it could not be, so it runs as a plain query). */
const preparedOn = new WeakMap<PgliteClient, Promise<Map<string, Promise<boolean>> | null>>();

async function executePrepared(client: PgliteClient, name: string, text: string, params: unknown[]): Promise<unknown[]> {
  let known = preparedOn.get(client);
  if (!known) {
    // Literals are quoted by doubling quotes only, which is safe only with standard strings (PostgreSQL's default).
    known = client.query('SHOW standard_conforming_strings', []).then((r) => ((r.rows[0] as { standard_conforming_strings?: string })?.standard_conforming_strings === 'on' ? new Map() : null));
    preparedOn.set(client, known);
  }
  const names = await known;
  const literals = params.map(sqlLiteral);
  if (!names || !/^[a-z_][a-z0-9_]*$/.test(name) || literals.includes(null)) return (await client.query(text, params)).rows;
  let prepared = names.get(name);
  if (!prepared) {
    // A statement PREPARE cannot take (a value whose type nothing tells) stays a plain query.
    if (!mayWrite(text)) readOnlyStatements.add(name);
    prepared = client.exec(`PREPARE ${name} AS ${text}`).then(() => true, () => false);
    names.set(name, prepared);
  }
  if (!(await prepared)) return (await client.query(text, params)).rows;
  const [result] = await client.exec(literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`);
  return result?.rows ?? [];
}

/** A value as an SQL literal (its type comes from the prepared statement), or null if it is not a plain value. */
function sqlLiteral(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null;
  if (typeof value === 'boolean' || typeof value === 'bigint') return `'${value}'`;
  return null;
}
