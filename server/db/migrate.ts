import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies every committed SQL file in migrations/ in name order, each once, each in its own
 * transaction. The same files run on PGlite and PostgreSQL.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.withMigrationLock(async () => {
    await database.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await queryRows<{ name: string }>(database.db, 'select name from schema_migrations')).map((r) => r.name),
    );
    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = fs.readFileSync(`${dir}/${file}`, 'utf8');
      const escaped = file.replace(/'/g, "''");
      await database.exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`);
      done.push(file);
    }
    return done;
  });
}
