import net from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { boundedStep, CLEANUP_BUDGET_MS, exitByDeadline } from '../../server/shutdown.ts';
import { createTestDatabase } from '../support/db.ts';
import { startNpmStart } from '../support/npm-start.ts';

/**
 * Graceful shutdown never hangs (issue 49, point 8): after a database outage at the network
 * level (packets dropped, no reset: queries and the pool's end wait for ever), SIGTERM still
 * ends the primary and every worker within SHUTDOWN_GRACE_SECONDS plus the cleanup budget.
 * And with several workers (PostgreSQL only: PGlite allows one process) they start one after
 * another, each loading its search index alone, and a worker started beside another takes no
 * connection before its index is ready (server/index.ts).
 */
const silent = pino({ level: 'silent' });

type Line = { msg: string; time: number; pid?: number; worker?: number };

describe('bounded shutdown steps', () => {
  it('a step that never ends is left behind after its time; one that fails is logged; the next goes on', async () => {
    const began = Date.now();
    expect(await boundedStep(silent, 'hangs', 200, () => new Promise(() => {}))).toBe(false);
    expect(Date.now() - began).toBeLessThan(1_000);
    expect(await boundedStep(silent, 'fails', 200, () => Promise.reject(new Error('boom')))).toBe(false);
    expect(await boundedStep(silent, 'throws', 200, () => {
      throw new Error('boom');
    })).toBe(false);
    expect(await boundedStep(silent, 'works', 200, async () => {})).toBe(true);
  });

  it('the deadline exits with 1', async () => {
    const code = await new Promise<number>((resolve) => exitByDeadline(silent, 50, resolve));
    expect(code).toBe(1);
  });
});

/** Forwards to PostgreSQL until told to drop everything: then connections stay open and nothing passes either way. */
async function blackHoleProxy(target: { host: string; port: number }) {
  let dropping = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const s of [client, upstream]) s.on('error', () => {});
    client.on('data', (chunk: Buffer) => void (dropping || upstream.write(chunk)));
    upstream.on('data', (chunk: Buffer) => void (dropping || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    drop: () => void (dropping = true),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const PG_URL = process.env.TEST_DATABASE_URL;
if (PG_URL) {
  describe('npm start on PostgreSQL, two workers', () => {
    it('SIGTERM after the database vanished from the network: every process exits within the grace period and the cleanup budget', async () => {
      const database = await createTestDatabase();
      const [{ name }] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
      const target = new URL(PG_URL);
      const proxy = await blackHoleProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const url = new URL(PG_URL);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      url.pathname = `/${name}`;
      const graceSeconds = 2;
      const started = startNpmStart({
        DATABASE_URL: url.toString(),
        WEB_CONCURRENCY: '2',
        SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
        SEED_DEMO_DATA: 'false',
        SEARCH_INDEX: 'off',
        LOG_LEVEL: 'info',
      });
      const { child, port, exited } = started;
      const workerPids = () => [...started.output().matchAll(/"pid":(\d+)[^\n]*"Soko is listening"|"Soko is listening"[^\n]*"pid":(\d+)/g)].map((m) => Number(m[1] ?? m[2]));
      try {
        const deadline = Date.now() + 60_000;
        while (workerPids().length < 2) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the workers did not start:\n${started.output()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect((await fetch(`http://127.0.0.1:${port}/api/listings?limit=1`)).status).toBe(200);
        proxy.drop();
        // Requests that reach the database now wait for ever, each holding a pooled connection.
        const hanging = Array.from({ length: 6 }, () => fetch(`http://127.0.0.1:${port}/api/listings?limit=2&search=x${Math.random()}`).catch(() => null));
        await new Promise((r) => setTimeout(r, 500));
        const began = Date.now();
        child.kill('SIGTERM');
        const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
        const took = Date.now() - began;
        expect(code, started.output()).not.toBe('still running');
        expect(took, started.output()).toBeLessThan(graceSeconds * 1000 + CLEANUP_BUDGET_MS + 1_500);
        for (const pid of workerPids()) expect(alive(pid), `worker ${pid}`).toBe(false);
        await Promise.all(hanging);
      } finally {
        child.kill('SIGKILL');
        for (const pid of workerPids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
        await proxy.close();
        started.cleanUp();
        await database.drop();
      }
    }, 120_000);

    it('starts the second worker once the first is ready, and lets it listen only once its own index is loaded and warmed up', async () => {
      const database = await createTestDatabase();
      const [{ name }] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      const started = startNpmStart(
        {
          DATABASE_URL: url.toString(),
          WEB_CONCURRENCY: '2',
          SEED_DEMO_DATA: 'false',
          SEARCH_INDEX: 'memory',
          // Long enough (a second or more) that a worker listening at once would do so before its warm-up ends.
          SEARCH_WARM_UP_SEARCHES: '1500',
          SHUTDOWN_DRAIN_SECONDS: '0',
          LOG_LEVEL: 'info',
        },
        7_919,
      );
      const { child, port, exited } = started;
      const out = () => started.output();
      const lines = (): Line[] =>
        out().split('\n').flatMap((l) => {
          try {
            return [JSON.parse(l) as Line];
          } catch {
            return [];
          }
        });
      try {
        const deadline = Date.now() + 90_000;
        while (lines().filter((l) => l.msg === 'Soko is listening').length < 2) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the workers did not start:\n${out()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const first = lines().find((l) => l.msg === 'server process started' && l.worker === 1)!;
        const second = lines().find((l) => l.msg === 'server process started' && l.worker === 2)!;
        expect(first && second, out()).toBeTruthy();
        // Workers write their lines asynchronously (pino): across processes, times tell the order, not lines.
        const warms = lines().filter((l) => l.msg === 'search index warmed up').sort((a, b) => a.time - b.time);
        const secondListening = lines().find((l) => l.msg === 'Soko is listening' && l.pid === second.pid);
        expect(warms, out()).toHaveLength(2);
        // The second starts once the first is ready (its index loaded and warmed up)...
        expect(warms[0]!.time, out()).toBeLessThanOrEqual(second.time);
        // ...and takes connections only once its own index is; the first never waits (health checks are answered while it loads).
        expect(warms[1]!.time, out()).toBeGreaterThanOrEqual(second.time);
        expect(secondListening?.time, out()).toBeGreaterThanOrEqual(warms[1]!.time);
        expect(lines().some((l) => l.msg === 'waiting for the search index before listening' && l.pid === first.pid), out()).toBe(false);
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
        started.cleanUp();
        await database.drop();
      }
    }, 150_000);
  });
}
