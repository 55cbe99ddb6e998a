import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS_DIR = path.join(root, 'server/db/migrations');
const CACHE_DIR = path.join(root, 'node_modules/.cache/soko-tests');

export type TestDatabase = Database & { drop(): Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from a migrated
 * data folder by default, or with TEST_DATABASE_URL a PostgreSQL database cloned from a
 * migrated template (one suite, two engines). Migrating is done once per migrations version
 * (tests/support/global-setup.ts): a copy costs about a second, an initdb and migration
 * several.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? clonePostgres(url) : clonePglite();
}

/** Builds the migrated template for the engine in use, unless it is already there. */
export async function prepareTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await postgresTemplate(url);
  else await pgliteTemplate();
}

/**
 * Changes whenever what a migrated database contains could change: the migration files, the
 * migrator, and (for the data folder's format) the PGlite version.
 */
function migrationsKey(): string {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(root, 'server/db/migrate.ts')));
  hash.update(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(`\0${file}\0`);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

// PGlite: the migrated data folder as a tarball under node_modules/.cache, loaded into an
// in-memory PGlite per test file (faster than copying and deleting a folder on disk).

async function pgliteTemplate(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${migrationsKey()}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const tarball = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  for (const old of fs.readdirSync(CACHE_DIR)) if (old.startsWith('pglite-')) fs.rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
  // The rename publishes a complete file or nothing.
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, tarball);
  fs.renameSync(partial, file);
  return file;
}

let pgliteTarball: Blob | undefined;

async function clonePglite(): Promise<TestDatabase> {
  pgliteTarball ??= new Blob([fs.readFileSync(await pgliteTemplate())]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: pgliteTarball });
  return { ...database, drop: () => database.close() };
}

// PostgreSQL: a migrated template database that refuses connections (a template with a
// session open cannot be copied), and one CREATE DATABASE ... TEMPLATE per test file.

const postgresTemplateName = () => `soko_tpl_${migrationsKey()}`;

async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function postgresTemplate(url: string): Promise<string> {
  const name = postgresTemplateName();
  const exists = await withAdmin(url, async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0);
  if (exists) return name;
  const building = `${name}_building_${randomUUID().slice(0, 8)}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${building}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, building), max: 2 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  await withAdmin(url, async (admin) => {
    await admin.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`);
    // The rename publishes a complete template or nothing; if a parallel build won, use its template.
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error;
      await admin.query(`DROP DATABASE ${building}`);
    }
  });
  return name;
}

/** Names this run's databases, so the run's teardown can drop any a crashed worker left. */
export function runPrefix(run: string): string {
  return `soko_t_${run}_`;
}

async function clonePostgres(url: string): Promise<TestDatabase> {
  const template = await postgresTemplate(url);
  const name = `${runPrefix(inject('sokoTestRun') ?? 'adhoc')}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), max: 5 });
  return {
    ...database,
    async drop() {
      await database.close();
      await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Drops the databases of one run that are still there (a worker that crashed before drop()). */
export async function dropRunDatabases(run: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [runPrefix(run)]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by tests/support/global-setup.ts: names the databases of this run. */
    sokoTestRun: string;
  }
}
