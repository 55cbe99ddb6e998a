/**
 * The server the browser tests use: a throwaway data folder (PGlite) or, when
 * TEST_DATABASE_URL is set, a freshly created PostgreSQL database; then the normal start path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-e2e-'));
process.env.DATA_DIR = dataDir;
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

const testUrl = process.env.TEST_DATABASE_URL;
if (testUrl) {
  const name = `soko_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const drop = async () => {
    const c = new pg.Client({ connectionString: testUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
  process.once('SIGTERM', () => void drop());
}

await import('./start.ts');
