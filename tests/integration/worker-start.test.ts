import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { createTestDatabase } from '../support/db.ts';
import { standInBuild } from '../support/stand-in-build.ts';

/*
 * `npm start` with several workers (server/index.ts): they start one after another, each loading
 * its search index alone, and a worker started beside another takes no connection before its
 * index is ready. PostgreSQL only: PGlite allows one process.
 */

const root = path.resolve(import.meta.dirname, '../..');
const PG_URL = process.env.TEST_DATABASE_URL;

type Line = { msg: string; pid?: number; worker?: number };

if (PG_URL) {
  describe('npm start on PostgreSQL, two workers with the search index', () => {
    it('starts the second worker once the first is ready, and lets it listen only once its own index is loaded and warmed up', async () => {
      const database = await createTestDatabase();
      const [{ name }] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-workers-'));
      standInBuild(path.join(dir, 'build'));
      const port = 20_000 + ((process.pid + 7_919) % 20_000);
      const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
        cwd: root,
        env: {
          ...process.env,
          BUILD_DIR: path.join(dir, 'build'),
          DATA_DIR: path.join(dir, 'data'),
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: url.toString(),
          WEB_CONCURRENCY: '2',
          SEED_DEMO_DATA: 'false',
          SEARCH_INDEX: 'memory',
          SEARCH_WARM_UP_SEARCHES: '300',
          SHUTDOWN_DRAIN_SECONDS: '0',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c));
      child.stderr.on('data', (c: Buffer) => (out += c));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const lines = (): Line[] =>
        out.split('\n').flatMap((l) => {
          try {
            return [JSON.parse(l) as Line];
          } catch {
            return [];
          }
        });
      const at = (test: (l: Line) => boolean, from = 0) => lines().findIndex((l, i) => i >= from && test(l));
      try {
        const deadline = Date.now() + 90_000;
        while (lines().filter((l) => l.msg === 'Soko is listening').length < 2) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the workers did not start:\n${out}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const first = lines().find((l) => l.msg === 'server process started' && l.worker === 1)!;
        const second = lines().find((l) => l.msg === 'server process started' && l.worker === 2)!;
        expect(first && second, out).toBeTruthy();
        const firstListening = at((l) => l.msg === 'Soko is listening' && l.pid === first.pid);
        const firstWarm = at((l) => l.msg === 'search index warmed up');
        const secondStarted = at((l) => l === second || (l.msg === 'server process started' && l.worker === 2));
        const secondWaiting = at((l) => l.msg === 'waiting for the search index before listening' && l.pid === second.pid);
        const secondWarm = at((l) => l.msg === 'search index warmed up', firstWarm + 1);
        const secondListening = at((l) => l.msg === 'Soko is listening' && l.pid === second.pid);
        // The first listens at once (health checks are answered while it loads), the second starts after the first is ready...
        expect(firstListening, out).toBeGreaterThan(-1);
        expect(firstListening, out).toBeLessThan(firstWarm);
        expect(secondStarted, out).toBeGreaterThan(firstWarm);
        // ...and takes connections only once its own index is loaded and warmed up.
        expect(secondWaiting, out).toBeGreaterThan(secondStarted);
        expect(secondWarm, out).toBeGreaterThan(secondWaiting);
        expect(secondListening, out).toBeGreaterThan(secondWarm);
        const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
        expect(ready.status).toBe(200);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
        for (const pid of lines().flatMap((l) => (l.msg === 'server process started' && l.pid ? [l.pid] : []))) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
        fs.rmSync(dir, { recursive: true, force: true });
        await database.drop();
      }
    }, 150_000);
  });
}
