import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { loadConfig } from '../../server/config.ts';
import { listen } from '../../server/http/serve.ts';
import { createLogger } from '../../server/logger.ts';
import { STREAMS_PER_USER } from '../../server/messages/live-bus.ts';
import { releaseHeldMessages } from '../../server/messages/moderation.ts';
import { createServices } from '../../server/services.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Live updates of messages (issue 43, point 3): the event stream /messages/events. A new message
 * reaches the other person's open stream at once, and only theirs (the stream carries nothing but
 * the user's own opaque tag); a stream that reconnects with the last tag it saw gets what changed
 * meanwhile; streams per user are capped; a stopping server ends them instead of waiting on them.
 * Across instances: two app instances on one PostgreSQL database (LISTEN/NOTIFY, with
 * TEST_DATABASE_URL) and over Redis pub/sub (with TEST_REDIS_URL). Also the thread's paging.
 */
type App = Hono<never>;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let app: App;
let getBuild: Awaited<ReturnType<typeof loadPageBuild>>['getBuild'];
let seller: U;
let buyer: U;
let stranger: U;
let ads: string[];
let conversationId: string;
const closers: Array<() => Promise<unknown>> = [];

const as = (u: U) => `${SESSION_COOKIE}=${u.token}`;

type Event = { id: string; data: string };
type Stream = {
  status: number;
  /** The event every stream starts with: the user's current tag (the browser keeps it for its reconnection). */
  initial: Event | null;
  raw: () => string;
  next(ms?: number): Promise<Event | null>;
  close(): Promise<void>;
};

/** Opens /messages/events as a browser's EventSource would, and reads its events as they come. */
async function openStream(on: App, u: U | null, headers: Record<string, string> = {}): Promise<Stream> {
  const res = await on.request(`${TEST_ORIGIN}/messages/events`, { headers: { ...(u ? { Cookie: as(u) } : {}), Accept: 'text/event-stream', ...headers } });
  let text = '';
  const queue: Event[] = [];
  let wake = null as (() => void) | null;
  const reader = res.status === 200 ? res.body!.getReader() : null;
  if (reader) {
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(block.split('\n').filter((l) => !l.startsWith(':') && l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
          if (fields.data !== undefined) queue.push({ id: fields.id ?? '', data: fields.data });
        }
        wake?.();
      }
    })();
  } else await res.body?.cancel();
  const next = async (ms = 2_000) => {
    const until = Date.now() + ms;
    while (queue.length === 0 && Date.now() < until) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.max(1, until - Date.now()));
      });
    }
    return queue.shift() ?? null;
  };
  const initial = reader ? await next(5_000) : null;
  if (reader) expect(initial, 'the stream starts with the current tag').not.toBeNull();
  return {
    status: res.status,
    initial,
    raw: () => text,
    next,
    close: async () => {
      await reader?.cancel().catch(() => {});
    },
  };
}

const send = (on: App, u: U, body: string) =>
  on.request(`${TEST_ORIGIN}/api/conversations/${conversationId}/messages`, { method: 'POST', headers: { Authorization: `Bearer ${u.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ body }) });

/** The user's tag as the polling fallback's ETag gives it. */
const tagOf = async (on: App, u: U) => (await on.request(`${TEST_ORIGIN}/messages/updates`, { headers: { Cookie: as(u) } })).headers.get('ETag')!.replaceAll('"', '');

beforeAll(async () => {
  t = await createTestApp();
  getBuild = (await loadPageBuild()).getBuild;
  app = createApp(t.services, { getBuild }) as unknown as App;
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau' });
  buyer = await t.createUser({ firstName: 'Otieno', lastName: 'Ochieng' });
  stranger = await t.createUser({ firstName: 'Eve', lastName: 'Stranger' });
  ads = (await insertRows(t, seller.user.id, [{ title: 'Live chat ad', price: 4000 }])).map((r) => r.id);
  const started = await t.request('/api/conversations', { method: 'POST', token: buyer.token, json: { listingId: ads[0], body: 'Is this still available?' } });
  expect(started.status).toBe(201);
  conversationId = ((await started.json()) as { conversationId: string }).conversationId;
}, 120_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
  await t?.close();
});

describe('the event stream', () => {
  it('is for signed-in users only', async () => {
    expect((await openStream(app, null)).status).toBe(401);
  });

  it('a new message reaches the other person’s open stream at once, and nobody else’s; it carries only their own tag', async () => {
    const buyerStream = await openStream(app, buyer, { 'Last-Event-ID': await tagOf(app, buyer) });
    const strangerStream = await openStream(app, stranger, { 'Last-Event-ID': await tagOf(app, stranger) });
    try {
      // Nothing changed since the tags they bring: the same tag back, then nothing.
      expect(buyerStream.initial!.data).toBe(await tagOf(app, buyer));
      expect(await buyerStream.next(300)).toBeNull();
      const sentAt = Date.now();
      expect((await send(app, seller, 'Yes, still here. Secret-word-7731')).status).toBe(201);
      const event = await buyerStream.next(2_000);
      expect(event, 'the buyer hears of it').not.toBeNull();
      expect(Date.now() - sentAt).toBeLessThan(2_000);
      expect(event!.data).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(event!.id).toBe(event!.data);
      expect(event!.data).toBe(await tagOf(app, buyer));
      expect(await strangerStream.next(500), 'a stranger hears nothing').toBeNull();
      expect(buyerStream.raw()).not.toContain('Secret-word-7731');
      // The stranger's stream only ever said their own, unchanged tag.
      expect(strangerStream.raw().match(/^data: .*$/gm)).toEqual([`data: ${await tagOf(app, stranger)}`]);
    } finally {
      await buyerStream.close();
      await strangerStream.close();
    }
  });

  it('a moderator releasing held messages reaches the reader’s open stream at once', async () => {
    expect((await send(app, buyer, 'Pay the deposit first 5521')).status).toBe(201);
    // Held for review, as a sender past the day's risky messages is (server/messages/conversations.ts).
    await t.services.db.execute(sql`update messages set withheld = true, held_at = now() where body = 'Pay the deposit first 5521'`);
    const sellerStream = await openStream(app, seller, { 'Last-Event-ID': await tagOf(app, seller) });
    try {
      expect(await sellerStream.next(300)).toBeNull();
      expect(await releaseHeldMessages(t.services, stranger.user.id, conversationId)).toBe(1);
      const event = await sellerStream.next(2_000);
      expect(event, 'the seller hears of the released message').not.toBeNull();
      expect(event!.data).toBe(await tagOf(app, seller));
    } finally {
      await sellerStream.close();
    }
  });

  it('a stream that reconnects with the last tag it saw gets what changed while it was away, and nothing otherwise', async () => {
    const seen = await tagOf(app, buyer);
    const first = await openStream(app, buyer, { 'Last-Event-ID': seen });
    expect(first.initial?.data).toBe(seen);
    expect(await first.next(200)).toBeNull();
    await first.close();
    // The connection dropped; meanwhile the seller writes.
    expect((await send(app, seller, 'Sent while you were offline')).status).toBe(201);
    const again = await openStream(app, buyer, { 'Last-Event-ID': seen });
    const event = again.initial;
    await again.close();
    expect(event?.data).not.toBe(seen);
    expect(event?.data).toBe(await tagOf(app, buyer));
    // The first connection of a page brings the page's tag as ?since=, with the same effect.
    const page = await app.request(`${TEST_ORIGIN}/messages/events?since=${seen}`, { headers: { Cookie: as(buyer) } });
    const reader = page.body!.getReader();
    let text = '';
    while (!text.includes('data:')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain(`data: ${event!.data}`);
    // Up to date: nothing is sent.
    const current = await openStream(app, buyer, { 'Last-Event-ID': event!.data });
    expect(current.initial?.data).toBe(event!.data);
    expect(await current.next(300)).toBeNull();
    await current.close();
  });

  it(`at most ${STREAMS_PER_USER} streams per user; the next is refused (that tab polls), and a closed one frees its place`, async () => {
    const open = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => openStream(app, stranger)));
    expect(open.map((s) => s.status)).toEqual(Array(STREAMS_PER_USER).fill(200));
    expect((await openStream(app, stranger)).status).toBe(429);
    // Another user is not affected.
    const other = await openStream(app, buyer);
    expect(other.status).toBe(200);
    await other.close();
    await open[0]!.close();
    await expect.poll(() => t.services.live!.open, { timeout: 2_000 }).toBeLessThan(STREAMS_PER_USER);
    const next = await openStream(app, stranger);
    expect(next.status).toBe(200);
    for (const s of [...open.slice(1), next]) await s.close();
    await expect.poll(() => t.services.live!.open, { timeout: 2_000 }).toBe(0);
  });

  it('a stopping server ends its open streams when it stops accepting, instead of waiting out the grace period', async () => {
    const built = await createServices(t.config, { database: t.database });
    const live = built.services.live!;
    const stopping = createApp(built.services, { getBuild });
    const running = await listen(stopping.fetch, {
      hostname: '127.0.0.1',
      port: 0,
      logger: createLogger('silent'),
      graceMs: 10_000,
      onStopAccepting: () => live.endAll(),
      onDrained: async () => {
        await live.close();
      },
    });
    const res = await fetch(`http://127.0.0.1:${running.port}/messages/events`, { headers: { Cookie: as(buyer) } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('retry:');
    const started = Date.now();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return Date.now() - started;
    })();
    await running.shutdown('SIGTERM');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await ended).toBeLessThan(5_000);
    // Stopped: the bus takes no new stream.
    expect(live.attach(buyer.user.id, { changed() {}, end() {} })).toBeNull();
  });
});

describe('thread paging', () => {
  it('shows the latest 200 messages with a plain "Earlier messages" link to the rest, for its two people only', async () => {
    // 250 older messages, a minute apart, before the ones the tests above sent.
    await t.database.db.execute(sql`INSERT INTO messages (conversation_id, sender_id, body, created_at)
      SELECT ${conversationId}, CASE WHEN k % 2 = 0 THEN ${buyer.user.id}::uuid ELSE ${seller.user.id}::uuid END, 'Old message ' || k, now() - interval '1 day' + (k || ' minutes')::interval
      FROM generate_series(1, 250) k`);
    const rows = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${conversationId}`)) as unknown as { rows: Array<{ n: number }> };
    const total = Number(rows.rows[0]!.n);
    expect(total).toBeGreaterThan(250);
    const latest = await (await app.request(`${TEST_ORIGIN}/messages/${conversationId}`, { headers: { Cookie: as(buyer) } })).text();
    expect(latest.match(/data-testid="message"/g)).toHaveLength(200);
    const link = /href="\/messages\/[0-9a-f-]{36}(\?before=[0-9a-f-]{36})"/.exec(latest)?.[1];
    expect(link, 'an Earlier messages link').toBeTruthy();
    expect(latest).toContain('Earlier messages');
    expect(latest).not.toContain('Latest messages');
    const earlier = await (await app.request(`${TEST_ORIGIN}/messages/${conversationId}${link}`, { headers: { Cookie: as(buyer) } })).text();
    expect(earlier.match(/data-testid="message"/g)).toHaveLength(total - 200);
    expect(earlier).toContain('Old message 1<');
    expect(earlier).not.toContain('Earlier messages');
    expect(earlier).toContain('Latest messages');
    // The API pages the same way.
    const api = (await (await t.request(`/api/conversations/${conversationId}/messages`, { token: seller.token })).json()) as { messages: unknown[]; earlierBefore: string | null };
    expect(api.messages).toHaveLength(200);
    const before = (await (await t.request(`/api/conversations/${conversationId}/messages?before=${api.earlierBefore}`, { token: seller.token })).json()) as { messages: Array<{ body: string }>; earlierBefore: string | null };
    expect(before.messages).toHaveLength(total - 200);
    expect(before.earlierBefore).toBeNull();
    // Someone else's cursor or thread: nothing.
    expect((await app.request(`${TEST_ORIGIN}/messages/${conversationId}${link}`, { headers: { Cookie: as(stranger) } })).status).toBe(404);
    expect((await t.request(`/api/conversations/${conversationId}/messages?before=${randomUUID()}`, { token: seller.token })).status).toBe(200);
  });
});

/** Two instances, each with its own services and bus, over one database: a message sent through one reaches a stream open on the other. */
function acrossInstances(name: string, env: Record<string, string>, channel: string | undefined) {
  it(`${name}: a message sent through one instance reaches a stream open on another at once; a stranger's stream there hears nothing`, async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, APP_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', ...env });
    const one = await createServices(config, { database: t.database, liveChannel: channel });
    const two = await createServices(config, { database: t.database, liveChannel: channel });
    closers.push(() => one.services.live!.close(), () => two.services.live!.close(), async () => one.services.redis?.close(), async () => two.services.redis?.close());
    const expected = env.REDIS_URL ? 'redis' : 'postgres';
    expect(one.services.live!.kind).toBe(expected);
    const a = createApp(one.services, { getBuild }) as unknown as App;
    const b = createApp(two.services, { getBuild }) as unknown as App;
    const onB = await openStream(b, buyer, { 'Last-Event-ID': await tagOf(b, buyer) });
    const strangerOnB = await openStream(b, stranger, { 'Last-Event-ID': await tagOf(b, stranger) });
    try {
      expect(await onB.next(200)).toBeNull();
      const sentAt = Date.now();
      expect((await send(a, seller, `Through the other instance (${name})`)).status).toBe(201);
      const event = await onB.next(2_000);
      expect(event, 'the buyer on the other instance hears of it').not.toBeNull();
      expect(Date.now() - sentAt).toBeLessThan(2_000);
      expect(event!.data).toBe(await tagOf(a, buyer));
      expect(await strangerOnB.next(400)).toBeNull();
      // And back: the buyer answers through b, the seller's stream on a hears it.
      const onA = await openStream(a, seller, { 'Last-Event-ID': await tagOf(a, seller) });
      expect((await send(b, buyer, 'Thanks')).status).toBe(201);
      expect(await onA.next(2_000)).not.toBeNull();
      await onA.close();
    } finally {
      await onB.close();
      await strangerOnB.close();
    }
  });
}

describe('across instances', () => {
  // On PostgreSQL (TEST_DATABASE_URL), NOTIFY reaches every session of this file's own database.
  if (process.env.TEST_DATABASE_URL) acrossInstances('PostgreSQL LISTEN/NOTIFY', {}, undefined);
  // Redis (TEST_REDIS_URL, as CI sets it): a channel of this run's own, so parallel runs sharing a Redis do not hear each other.
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) acrossInstances('Redis pub/sub', { REDIS_URL: redisUrl }, `soko-test-live-${process.pid}-${Date.now()}`);
  it('in one process (PGlite, no Redis) the bus is in process', () => {
    expect(t.services.live!.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'memory');
  });
});
