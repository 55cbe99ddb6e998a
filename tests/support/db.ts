import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a private
 * schema in the PostgreSQL at TEST_DATABASE_URL (one suite, two engines).
 */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrate(database);
    return { ...database, drop: () => database.close() };
  }
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // The extension lives in public so that every test schema can use it.
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => {});
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url, searchPath: schema, max: 5 });
  await migrate(database);
  return {
    ...database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
      await c.end();
    },
  };
}
