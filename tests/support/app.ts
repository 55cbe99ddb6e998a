import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { DEVICE_COOKIE, signDeviceId } from '../../server/http/device.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { PaymentsServiceOptions } from '../../server/payments/service.ts';
import { createServices } from '../../server/services.ts';
import { insertUser, type NewUser } from '../../server/users/users.ts';
import { createTestDatabase } from './db.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The real app (API and middleware) over a real migrated database, driven in-process with
 * app.request(). Services are built by the production composition root; mail goes to a
 * temporary outbox, media to a temporary folder.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { payments?: PaymentsServiceOptions } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-test-'));
  const config: Config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', SEARCH_WARM_UP_SEARCHES: '0', ...env });
  const database = await createTestDatabase();
  const { services } = await createServices(config, {
    database,
    // The payment sandbox and its webhooks reach the app in process: no port is opened.
    payments: { fetch: (input, init) => Promise.resolve(app.request(input, init)), timeoutMs: 2000, retryDelayMs: 5, ...options.payments },
    sms: { fetch: (input, init) => Promise.resolve(app.request(input, init)) },
  });
  const app = createApp(services);
  // Searches then use the index from the first request, as a server does once it has loaded.
  await services.searchIndex?.ready;

  /**
   * A request as a browser on our own origin or an API client would send it. The answer comes
   * once the files a post left for later are made (server/media/derived-files.ts), so a test
   * sees a photo's files as a visitor does moments after posting; tests/integration/deferred-images.test.ts
   * looks at the moment in between.
   */
  const request = async (pathname: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const res = await send(pathname, init);
    await services.images.derived.idle();
    return res;
  };
  const send = (pathname: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(`${TEST_ORIGIN}${pathname}`, { ...init, headers, body });
  };

  return {
    app,
    services,
    config,
    database,
    request,
    /** A request answered as it is, while the files a post left for later may still be in the making. */
    send,
    /** Creates a user directly through the domain and returns a bearer token for it. */
    async createUser(overrides: Partial<NewUser> = {}) {
      const n = Math.random().toString(36).slice(2, 8);
      const user = await insertUser(services.db, {
        firstName: 'Test',
        lastName: 'User',
        email: `user-${n}@example.co.ke`,
        password: 'correct-horse-battery',
        phoneNumber: '+254712000000',
        location: 'Nairobi',
        // An established account unless a test wants a new one (new accounts may post fewer ads).
        createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
        ...overrides,
      });
      const session = await createSession(services.db, user.id, { persistent: false });
      return { user, token: session.token };
    },
    /** A Cookie header of a browser that got its device cookie from us (a page view); a new device unless `id` (22 base64url characters) is given. */
    deviceCookie(id = randomBytes(16).toString('base64url')): string {
      return `${DEVICE_COOKIE}=${signDeviceId(services.deviceKey, id)}`;
    },
    outbox(): string[] {
      if (!fs.existsSync(config.outboxDir)) return [];
      return fs
        .readdirSync(config.outboxDir)
        .sort()
        .map((f) => fs.readFileSync(path.join(config.outboxDir, f), 'utf8'));
    },
    async close() {
      services.mailer.close();
      await services.live?.close();
      await services.redis?.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Asks the app for a page as a browser would: redirects answered, not followed, and the cookie
 * given. `app` is read at each request (test files make theirs in beforeAll).
 */
export function pageRequests(app: () => ReturnType<typeof createApp>) {
  return (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('Cookie', init.cookie);
    return app().request(`${TEST_ORIGIN}${path}`, { redirect: 'manual', ...init, headers });
  };
}
