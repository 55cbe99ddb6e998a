import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { cacheDir, pruneCache, touchCacheEntry } from '../../scripts/cache-dir.ts';

/**
 * Migrated template databases, built once per version of the migrations and then copied, for
 * the Vitest files (tests/support/db.ts) and the browser-test server (scripts/e2e-server.ts).
 * An initdb and migration cost several seconds; a copy about one.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS_DIR = path.join(root, 'server/db/migrations');
const CACHE_DIR = cacheDir('test-templates');

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

// PGlite: the migrated data folder as a tarball (dumpDataDir) in the user's cache folder, which
// a new PGlite starts from (loadDataDir), in memory or in an empty folder.

let tarball: Blob | undefined;

/** The migrated PGlite data folder as a tarball, for openDatabase({ kind: 'pglite', loadDataDir }). */
export async function pgliteTemplate(): Promise<Blob> {
  tarball ??= new Blob([fs.readFileSync(await pgliteTemplateFile())]);
  return tarball;
}

async function pgliteTemplateFile(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${migrationsKey()}.tar`);
  if (fs.existsSync(file)) {
    touchCacheEntry(file);
    return file;
  }
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // The rename publishes a complete file or nothing.
  const partial = `${file}.building-${process.pid}`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  pruneCache(CACHE_DIR, file);
  return file;
}

// PostgreSQL: a migrated template database that refuses connections (a template with a
// session open cannot be copied), copied by CREATE DATABASE ... TEMPLATE.

export async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The URL of another database on the same server. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The name of the migrated template database on the server at url, built if missing. */
export async function postgresTemplate(url: string): Promise<string> {
  const name = `soko_tpl_${migrationsKey()}`;
  const exists = await withAdmin(url, async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0);
  if (exists) return name;
  const building = `${name}_building_${randomUUID().slice(0, 8)}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${building}`));
  // Two connections: the migration lock holds one while the migrations run on the other.
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
    await dropOtherTemplates(admin, name);
  });
  return name;
}

/**
 * Templates of other versions of the migrations, left by earlier runs: each is a whole database,
 * and a machine that has run the tests across many migrations would keep them all. One that a
 * run elsewhere is copying at this moment cannot be dropped; the next new template drops it.
 */
async function dropOtherTemplates(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^soko_tpl_[0-9a-f]+$' and datname <> $1`,
    [keep],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
}

/** Creates database name (dropping an older one of that name) as a copy of the migrated template. */
export async function createFromTemplate(url: string, name: string): Promise<string> {
  const template = await postgresTemplate(url);
  await withAdmin(url, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
  return databaseUrl(url, name);
}
