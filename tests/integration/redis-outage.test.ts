import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { UNAVAILABLE_MESSAGE } from '../../server/http/db-errors.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';
import { closedPort, silentPeer, TcpProxy } from '../support/tcp-faults.ts';

/**
 * A Redis outage is a 503, not a hang (issue 49, point 6). With REDIS_URL set, the rate-limit
 * counters are in Redis; when it cannot be reached (a closed port) or does not answer (a peer
 * that accepts and stays silent), every counted action — login, sign-up, password reset, on the
 * API and the page forms — answers 503 with Retry-After within about a second, /api/health
 * says so, and what needs no counter goes on working. With a real Redis (TEST_REDIS_URL) the
 * same app is healthy, and recovers by itself when Redis comes back after an outage.
 */

type Harness = { t: TestApp; app: ReturnType<typeof createApp> };
let pages: Awaited<ReturnType<typeof loadPageBuild>>;

beforeAll(async () => {
  pages = await loadPageBuild();
}, 120_000);

async function appWithRedis(redisUrl: string): Promise<Harness> {
  const t = await createTestApp({ REDIS_URL: redisUrl });
  return { t, app: createApp(t.services, { getBuild: pages.getBuild }) };
}

const json = (h: Harness, path: string, body: unknown) =>
  h.app.request(`${TEST_ORIGIN}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const form = (h: Harness, path: string, fields: Record<string, string>) =>
  h.app.request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

/** Runs a request and says how long it took. */
async function timed(request: () => Response | Promise<Response>): Promise<{ res: Response; ms: number }> {
  const began = Date.now();
  const res = await request();
  return { res, ms: Date.now() - began };
}

async function expectOutageAnswers(h: Harness) {
  const { user } = await h.t.createUser();
  const attempts: Array<[string, () => Response | Promise<Response>, 'api' | 'page']> = [
    ['API login', () => json(h, '/api/auth/login', { email: user.email, password: 'correct-horse-battery' }), 'api'],
    ['API forgot-password', () => json(h, '/api/auth/forgot-password', { email: user.email }), 'api'],
    ['page login', () => form(h, '/auth/login', { email: user.email, password: 'correct-horse-battery' }), 'page'],
    ['page forgot-password', () => form(h, '/forgot-password', { email: user.email }), 'page'],
  ];
  for (const [what, request, kind] of attempts) {
    const { res, ms } = await timed(request);
    expect(res.status, what).toBe(503);
    expect(res.headers.get('retry-after'), what).toBe('5');
    expect(ms, what).toBeLessThan(2_000);
    if (kind === 'api') expect(await res.json(), what).toEqual({ message: UNAVAILABLE_MESSAGE });
    else expect(await res.text(), what).toContain(UNAVAILABLE_MESSAGE);
  }
  const { res: health, ms } = await timed(() => h.app.request(`${TEST_ORIGIN}/api/health`));
  expect(ms).toBeLessThan(2_500);
  expect(health.status).toBe(503);
  expect(health.headers.get('retry-after')).toBe('5');
  expect(await health.json()).toEqual({ status: 'error', db: 'ok', redis: 'error', reason: expect.stringMatching(/^redis unavailable: /) });
  // What needs no counter goes on.
  expect((await h.app.request(`${TEST_ORIGIN}/api/listings`)).status).toBe(200);
  expect((await h.app.request(`${TEST_ORIGIN}/listings`)).status).toBe(200);
}

describe('REDIS_URL at a closed port', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await appWithRedis(`redis://127.0.0.1:${await closedPort()}`);
  }, 30_000);
  afterAll(async () => {
    await h?.t.close();
  });

  it('starts, and answers every counted action 503 with Retry-After at once; health says Redis is down', async () => {
    await expectOutageAnswers(h);
  });
});

describe('REDIS_URL at a peer that accepts and never answers', () => {
  let h: Harness;
  let peer: Awaited<ReturnType<typeof silentPeer>>;
  beforeAll(async () => {
    peer = await silentPeer();
    h = await appWithRedis(`redis://127.0.0.1:${peer.port}`);
  }, 30_000);
  afterAll(async () => {
    await h?.t.close();
    await peer?.close();
  });

  it('answers every counted action 503 with Retry-After within the command timeout; health says Redis is down', async () => {
    await expectOutageAnswers(h);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe('a real Redis (TEST_REDIS_URL) that goes away and comes back', () => {
    let h: Harness;
    let proxy: TcpProxy;
    beforeAll(async () => {
      const target = new URL(redisUrl);
      proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      await proxy.start();
      const through = new URL(redisUrl);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      h = await appWithRedis(through.toString());
    }, 30_000);
    afterAll(async () => {
      await h?.t.close();
      await proxy?.stop();
    });

    const healthy = async () => {
      const health = await h.app.request(`${TEST_ORIGIN}/api/health`);
      return health.status === 200 ? ((await health.json()) as unknown) : undefined;
    };
    const waitFor = async (probe: () => Promise<unknown>) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const value = await probe();
        if (value !== undefined) return value;
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    it('is healthy and counts logins', async () => {
      expect(await healthy()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
      const { user } = await h.t.createUser();
      expect((await json(h, '/api/auth/login', { email: user.email, password: 'correct-horse-battery' })).status).toBe(200);
    });

    it('hung (connections open, nothing answered): 503 within the timeout, and well again when it answers', async () => {
      proxy.freeze(true);
      try {
        await expectOutageAnswers(h);
      } finally {
        proxy.freeze(false);
      }
      await waitFor(healthy);
    });

    it('gone (connections refused): 503 at once, and well again within seconds of its return', async () => {
      await proxy.stop();
      await expectOutageAnswers(h);
      await proxy.start();
      const back = Date.now();
      await waitFor(healthy);
      expect(Date.now() - back).toBeLessThan(5_000);
      const { user } = await h.t.createUser();
      expect((await json(h, '/api/auth/login', { email: user.email, password: 'correct-horse-battery' })).status).toBe(200);
    });
  });
}
