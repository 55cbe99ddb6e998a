import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createFromTemplate, pgliteTemplate, postgresTemplate, withAdmin } from './templates.ts';

export type TestDatabase = Database & { drop(): Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite started from the migrated
 * template, or with TEST_DATABASE_URL a PostgreSQL database copied from the migrated template
 * database (one suite, two engines). See tests/support/templates.ts.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    return { ...database, drop: () => database.close() };
  }
  const name = `${runPrefix(inject('sokoTestRun') ?? 'adhoc')}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const database = await openDatabase({ kind: 'postgres', url: await createFromTemplate(url, name), max: 5 });
  return {
    ...database,
    async drop() {
      await database.close();
      await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Builds the migrated template for the engine in use, unless it is already there. */
export async function prepareTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await postgresTemplate(url);
  else await pgliteTemplate();
}

/** Names this run's databases, so that the run's teardown can drop any a crashed worker left. */
const runPrefix = (run: string) => `soko_t_${run}_`;

/** Drops the databases of one run that are still there. */
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
