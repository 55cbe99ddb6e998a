import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { DatabaseInUseError, STALE_MS } from '../../server/db/data-dir-lock.ts';
import { pgliteTemplate } from '../support/templates.ts';

/*
 * The embedded database folder belongs to one process (server/db/data-dir-lock.ts): a second
 * `npm start` on the same DATA_DIR once opened it too, and the next start died in PGlite.
 */

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let dataDir: string;
const open: Database[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-lock-'));
  dataDir = path.join(dir, 'pglite');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openHere(): Promise<Database> {
  // A new folder starts as a copy of the migrated template (creating one is slow); an existing one is opened as it is.
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: fs.existsSync(dataDir) ? undefined : await pgliteTemplate() });
  open.push(database);
  return database;
}

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded database folder', () => {
  it('is refused to a second opener in the same process while it is open, and free again once closed', async () => {
    const first = await openHere();
    const second = await openDatabase({ kind: 'pglite', dataDir }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DatabaseInUseError);
    expect((second as Error).message).toBe(`The embedded database in ${dataDir} is already open in this process.`);
    // The first is unharmed.
    await first.ping();
    await first.close();
    open.length = 0;
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    await (await openHere()).ping();
  });

  it.each([
    ['npm run seed', 'scripts/seed.ts'],
    ['npm run dev', 'server/dev.ts'],
  ])('is refused to `%s` while the server has it, with the message alone', async (_command, script) => {
    await openHere();
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', script], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim()).toBe(
      `The embedded database in ${dataDir} is in use by another process (pid ${process.pid}). ` +
        'Stop that process first (another npm start, npm run seed or npm run admin), or give this one a DATA_DIR of its own, or use DATABASE_URL. ' +
        `If no such process is running, delete ${dataDir}.lock.`,
    );
  }, 60_000);

  it('is taken over from a process that ended without closing it', async () => {
    fs.writeFileSync(`${dataDir}.lock`, `${endedPid()}\n`);
    await (await openHere()).ping();
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
  });

  it('is taken over when the lock names this process but this process does not hold it (a restarted container, the same pid)', async () => {
    fs.writeFileSync(`${dataDir}.lock`, `${process.pid}\n`);
    await (await openHere()).ping();
  });

  it('is refused while a live process holds it, and taken over once its lock has not been touched for a while (a reused pid)', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(`${dataDir}.lock`, `${holder.pid}\n`);
      const refused = await openDatabase({ kind: 'pglite', dataDir }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DatabaseInUseError);
      expect((refused as Error).message).toContain(`(pid ${holder.pid})`);
      const long = new Date(Date.now() - STALE_MS - 1_000);
      fs.utimesSync(`${dataDir}.lock`, long, long);
      await (await openHere()).ping();
    } finally {
      holder.kill();
    }
  });
});
