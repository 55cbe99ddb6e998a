import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { openDatabase, queryRows, type Database } from '../../server/db/client.ts';
import { isDatabaseUnavailable, isRefusedValue } from '../../server/db/faults.ts';
import { listings } from '../../server/db/schema/index.ts';
import { appErrorForDatabaseFault, UNAVAILABLE_MESSAGE } from '../../server/http/db-errors.ts';
import { createSearchIndex, type SearchIndex } from '../../server/search/memory/search-index.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { adForm, file, image, VALID_AD } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';
import { TcpProxy } from '../support/tcp-faults.ts';

/**
 * The database going away under the app: requests it hits answer 503 with Retry-After (the
 * API's { message }, the error page for pages), writes are whole or absent, /api/health says
 * why, the process lives on, and it recovers without a restart. On PostgreSQL the faults are
 * real: backends terminated with pg_terminate_backend, and a TCP proxy between the app and
 * PostgreSQL that is stopped and started (a restart or failover, as the app sees it).
 */
const PG_URL = process.env.TEST_DATABASE_URL;

let t: TestApp;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  pages = await loadPageBuild();
  token = (await t.createUser()).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function requester(app: ReturnType<typeof createApp>) {
  return (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    return app.request(`${TEST_ORIGIN}${path}`, { ...init, headers });
  };
}

/** What every request hit by the fault must look like. */
async function expectUnavailable(res: Response, kind: 'api' | 'page') {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  if (kind === 'api') expect(await res.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  else {
    const html = await res.text();
    expect(html).toContain('503: Service Unavailable');
    expect(html).toContain(UNAVAILABLE_MESSAGE);
  }
}

describe('telling database faults apart', () => {
  it('counts lost connections as unavailable and refused values as input errors, through wrappers', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    for (const fault of [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P03', message: 'the database system is starting up' },
      { code: '08006', message: 'connection failure' },
      { code: '55000', message: 'database "soko" is not currently accepting connections' },
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
      new Error('Connection terminated unexpectedly'),
      new Error('PGlite is closed'),
    ]) {
      expect(isDatabaseUnavailable(fault)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(fault))).toBe(true);
      expect(appErrorForDatabaseFault(wrapped(fault))?.status).toBe(503);
    }
    for (const refused of [{ code: '22021' }, { code: '22P02' }, { code: '54000' }]) {
      expect(isRefusedValue(wrapped(refused))).toBe(true);
      expect(appErrorForDatabaseFault(wrapped(refused))?.status).toBe(400);
    }
    for (const bug of [new Error('boom'), { code: '42P01' }, { code: '23505' }, { code: '55000', message: 'lastval is not yet defined in this session' }, null]) expect(appErrorForDatabaseFault(bug)).toBeUndefined();
  });
});

if (!PG_URL) {
  describe('embedded PGlite', () => {
    it('a closed database answers 503 with Retry-After on the API and the pages, and health says why', async () => {
      const other = await createTestApp();
      const { token: otherToken } = await other.createUser();
      const app = createApp(other.services, { getBuild: pages.getBuild });
      const request = requester(app);
      await other.database.close();

      await expectUnavailable(await request('/api/listings'), 'api');
      await expectUnavailable(await request('/api/auth/me', { token: otherToken }), 'api');
      await expectUnavailable(
        await request('/api/auth/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@example.co.ke', password: 'long-enough-pw', location: 'Nairobi', phoneNumber: '0712345678' }),
        }),
        'api',
      );
      await expectUnavailable(await request('/listings'), 'page');
      const health = await request('/api/health');
      expect(health.status).toBe(503);
      expect((await health.json()).reason).toMatch(/PGlite is closed/);
      await other.close();
    });
  });
}

if (PG_URL) {
  describe('PostgreSQL', () => {
    let proxy: TcpProxy;
    let proxied: Database;
    let app: ReturnType<typeof createApp>;
    let request: ReturnType<typeof requester>;
    let admin: pg.Client;
    let searchIndex: SearchIndex;

    beforeAll(async () => {
      const target = new URL(PG_URL);
      proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      await proxy.start();
      // Each test file has a database of its own (tests/support/db.ts): reach the same one through the proxy.
      const [{ name }] = await queryRows<{ name: string }>(t.services.db, sql`select current_database() as name`);
      const url = new URL(PG_URL);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      url.pathname = `/${name}`;
      proxied = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
      // The search index reads through the proxy too, as a server's does through its one pool:
      // during an outage it cannot catch up, and searches fail as the database does.
      searchIndex = createSearchIndex(proxied.db, t.services.logger);
      await searchIndex.ready;
      app = createApp({ ...t.services, db: proxied.db, searchIndex }, { getBuild: pages.getBuild });
      request = requester(app);
      admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
    });

    afterAll(async () => {
      searchIndex?.close();
      await admin?.end();
      await proxied?.close();
      await proxy?.stop();
    });

    it('a transaction whose backend is terminated mid-write fails as a 503 and leaves nothing; the process lives on', async () => {
      const owner = (await t.createUser()).user;
      let terminated!: () => void;
      const backendGone = new Promise<void>((resolve) => (terminated = resolve));
      let pid = 0;
      const write = proxied.db.transaction(async (tx) => {
        [{ pid }] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await tx.insert(listings).values({ ownerId: owner.id, title: 'Half written', description: 'x', category: 'Furniture', location: 'Nairobi' });
        terminated();
        // The client sits idle inside the transaction, checked out of the pool, while its backend is killed.
        await waitFor('the backend to exit', async () => {
          const { rows } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
          return rows.length === 0 ? true : undefined;
        });
        await tx.insert(listings).values({ ownerId: owner.id, title: 'Second half', description: 'x', category: 'Furniture', location: 'Nairobi' });
      });
      await backendGone;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const error = await write.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(appErrorForDatabaseFault(error)?.status).toBe(503);
      const rows = await t.services.db.select().from(listings).where(eq(listings.ownerId, owner.id));
      expect(rows).toEqual([]);
      // The pool replaced the dead connection: the next request works.
      expect((await request('/api/listings')).status).toBe(200);
    });

    it('every request during an outage answers 503 with Retry-After, health says why, and the app recovers by itself', async () => {
      expect((await request('/api/health')).status).toBe(200);
      await proxy.stop();
      await expectUnavailable(await request('/api/listings'), 'api');
      await expectUnavailable(await request('/api/auth/me', { token }), 'api');
      await expectUnavailable(await request('/listings'), 'page');
      const health = await request('/api/health');
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
      expect(await health.json()).toEqual({ status: 'error', db: 'error', reason: expect.stringMatching(/^database unavailable: .*ECONNREFUSED/) });

      await proxy.start();
      const back = Date.now();
      await waitFor('health to recover', async () => ((await request('/api/health')).status === 200 ? true : undefined), 10_000);
      expect(Date.now() - back).toBeLessThan(5_000);
      expect((await request('/api/listings')).status).toBe(200);
      expect((await request('/api/auth/me', { token })).status).toBe(200);
    });

    it('a database closed to connections (55000, maintenance) answers 503 with Retry-After, and recovers when it opens', async () => {
      const [{ name }] = await queryRows<{ name: string }>(t.services.db, sql`select current_database() as name`);
      expect((await request('/api/listings')).status).toBe(200);
      await admin.query(`alter database "${name}" with allow_connections false`);
      try {
        // The proxied pool's connections are cut, so its next ones are new and meet the closed door.
        proxy.cutAll();
        // (A request may still meet a connection the pool has not yet seen cut: that is a 503 too.)
        await waitFor('the closed database to be met', async () => {
          const health = await request('/api/health');
          expect(health.status).toBe(503);
          return /not currently accepting connections \(55000\)/.test((await health.json()).reason) ? true : undefined;
        });
        await expectUnavailable(await request('/api/listings'), 'api');
        await expectUnavailable(await request('/listings'), 'page');
      } finally {
        await admin.query(`alter database "${name}" with allow_connections true`);
      }
      await waitFor('the API to answer again', async () => ((await request('/api/listings')).status === 200 ? true : undefined), 10_000);
    });

    it('an ad with photos whose connection drops mid-transaction answers 503; no row and no photo files remain', async () => {
      const { token: seller } = await t.createUser();
      const before = fs.existsSync(t.config.mediaDir) ? fs.readdirSync(t.config.mediaDir).sort() : [];
      const title = 'Dropped mid-write';
      proxy.cutOn('insert into "listing_images"');
      const res = await request('/api/listings', {
        method: 'POST',
        token: seller,
        body: adForm({ ...VALID_AD, title }, [file(await image('jpeg')), file(await image('png'), 'b.png', 'image/png')]),
      });
      await expectUnavailable(res, 'api');
      expect(await t.services.db.select().from(listings).where(eq(listings.title, title))).toEqual([]);
      expect(fs.readdirSync(t.config.mediaDir).sort()).toEqual(before);
      // And the same ad goes through once the connection is back.
      const again = await request('/api/listings', { method: 'POST', token: seller, body: adForm({ ...VALID_AD, title }, [file(await image('jpeg'))]) });
      expect(again.status).toBe(201);
    });
  });
}
