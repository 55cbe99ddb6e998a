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
// Tests that follow e-mailed links read the outbox under DATA_DIR; this file (one per port) says where it is.
fs.writeFileSync(path.join(os.tmpdir(), `soko-e2e-data-dir-${Number(process.env.PORT) || 3100}`), dataDir);

const testUrl = process.env.TEST_DATABASE_URL;
if (testUrl) {
  // One database per e2e port: parallel runs stay apart, and each run starts from scratch.
  const name = `soko_e2e_${Number(process.env.PORT) || 3100}`;
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

await import('./start.ts');
