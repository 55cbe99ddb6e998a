/**
 * Messages at the issue's scale (issue 43, point 8), on PostgreSQL: 100,000 users and 1,000,000
 * messages (250,000 conversations of 4), seeded with generate_series in a database of its own
 * (made and dropped here). Then, three rounds, of which the median is printed:
 *   - the inbox page's database work (what its loader and the header ask: the live tag, the
 *     header's unread count, the 50 latest conversations) at 16 clients, p50/p95;
 *   - sending a reply (limits counted in the database, the live note through NOTIFY) at 16 clients;
 *   - 1,000 open live event streams (/messages/events, the real app and route) in this process:
 *     its memory before and after, after a full garbage collection; the clients are another process.
 *
 *   npm run bench:messages -- --pg [postgres://postgres@127.0.0.1:5432/postgres] [--rounds 3] [--keep]
 *
 * --keep leaves the seeded database (soko_bench_messages) for the next run, which then skips seeding.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../server/app.ts';
import { createSession, SESSION_COOKIE } from '../server/auth/sessions.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { listen } from '../server/http/serve.ts';
import { createLogger } from '../server/logger.ts';
import { listInbox, sendMessage, unreadCount } from '../server/messages/conversations.ts';
import { liveTag } from '../server/messages/live-stream.ts';
import { createLiveBus } from '../server/messages/live-bus.ts';
import { createDatabaseStore } from '../server/rate-limits/database-store.ts';
import { createRateLimits, RATE_LIMITS } from '../server/rate-limits/rate-limits.ts';
import { createServices } from '../server/services.ts';
import { loadPageBuild } from '../tests/integration/page-build.ts';

const args = process.argv.slice(2).filter((a) => a !== '--pg');
const KEEP = args.includes('--keep');
const roundsAt = args.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Math.max(1, Number(args[roundsAt + 1]) || 3) : 3;
const serverUrl = args.find((a) => a.startsWith('postgres')) ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = 100_000;
const CONVERSATIONS = 250_000;
const PER_CONVERSATION = 4;
const CLIENTS = 16;
const PER_CLIENT = 60;
const STREAMS = 1_000;
const NAME = KEEP ? 'soko_bench_messages' : `soko_bench_messages_${process.pid}`;
/** Streams open in steps of this many, as people arrive, not all in the same millisecond (each first asks for its session and its tag). */
const STREAM_STEP = 50;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const kept = KEEP && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME])).rowCount === 1;
if (!kept) {
  await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
  await admin.query(`CREATE DATABASE ${NAME}`);
}
const url = new URL(serverUrl);
url.pathname = `/${NAME}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-bench-messages-'));
// The production settings for this machine (pool size per process included), on the bench's database.
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url.href, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEARCH_INDEX: 'off', SEED_DEMO_DATA: 'false' });
const database = await openDatabase({ kind: 'postgres', url: url.href, max: config.databasePoolSize });
const { db } = database;

try {
  await migrate(database);
  const t0 = performance.now();
  const seeded = kept && (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM messages`))[0]!.n >= CONVERSATIONS * PER_CONVERSATION * 0.99;
  if (!seeded) await seed();
  async function seed() {
    await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, username, created_at)
      SELECT 'bench' || i || '@example.co.ke', 'x', 'User', 'N' || i, 'bench' || i, now() - interval '30 days' FROM generate_series(1, ${USERS}) i`);
    // Each user's number (from the e-mail); user 1 is busy (1% of conversations on each side), the rest about 5 each.
    // A table, not a temporary one: each statement may run on another pooled connection.
    await db.execute(sql`CREATE TABLE bench_u AS SELECT id, substring(email FROM 6 FOR position('@' IN email) - 6)::int AS n FROM users`);
    await db.execute(sql`CREATE INDEX ON bench_u (n)`);
    await db.execute(sql`INSERT INTO conversations (listing_id, listing_title, buyer_id, seller_id, last_message_at, seller_unread, buyer_unread)
      SELECT gen_random_uuid(), 'Bench ad ' || i, b.id, s.id, now() - (i || ' seconds')::interval, (i % 3), (i % 5 = 0)::int
      FROM generate_series(1, ${CONVERSATIONS}) i
      JOIN bench_u b ON b.n = CASE WHEN i % 100 = 1 THEN 1 ELSE 2 + (i * 7) % (${USERS} - 1) END
      JOIN bench_u s ON s.n = CASE WHEN i % 100 = 2 THEN 1 ELSE 2 + (i * 13 + 1) % (${USERS} - 1) END
      WHERE b.id <> s.id`);
    await db.execute(sql`INSERT INTO messages (conversation_id, sender_id, body, created_at)
      SELECT c.id, CASE WHEN k % 2 = 0 THEN c.buyer_id ELSE c.seller_id END, 'Message ' || k || ' about the ad, is it still there?', c.last_message_at - ((${PER_CONVERSATION} - k) || ' minutes')::interval
      FROM conversations c, generate_series(1, ${PER_CONVERSATION}) k`);
    await db.execute(sql`DROP TABLE bench_u`);
    await db.execute(sql`VACUUM ANALYZE users`);
    await db.execute(sql`VACUUM ANALYZE conversations`);
    await db.execute(sql`VACUUM ANALYZE messages`);
  }
  const [counts] = await queryRows<{ u: number; c: number; m: number }>(db, sql`SELECT (SELECT count(*) FROM users)::int AS u, (SELECT count(*) FROM conversations)::int AS c, (SELECT count(*) FROM messages)::int AS m`);
  console.log(`data: ${counts!.u} users, ${counts!.c} conversations, ${counts!.m} messages; ${seeded ? 'kept from the last run' : `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`}; pool ${config.databasePoolSize} connections`);

  const readers = (await queryRows<{ id: string }>(db, sql`SELECT id FROM users ORDER BY md5(id::text) LIMIT 2000`)).map((r) => r.id);
  const busy = (await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = 'bench1@example.co.ke'`))[0]!.id;
  readers.push(busy);
  const threads = await queryRows<{ id: string; buyer_id: string }>(db, sql`SELECT id, buyer_id FROM conversations ORDER BY md5(id::text) LIMIT 2000`);
  const live = await createLiveBus(database, undefined);
  // The real limits, counted in the database as production does without Redis; the hourly message ceiling lifted so runs are not refused.
  const rateLimits = createRateLimits(createDatabaseStore(db), { ...RATE_LIMITS, messagesPerAccount: { ...RATE_LIMITS.messagesPerAccount, limit: 1_000_000 } });

  /** CLIENTS loops at once, PER_CLIENT operations each; p50/p95 of every operation's time. */
  async function concurrent(run: (i: number) => Promise<unknown>) {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let k = 0; k < PER_CLIENT; k++) {
          const i = next++;
          const start = performance.now();
          await run(i);
          times.push(performance.now() - start);
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]! };
  }
  const inboxPage = async (i: number) => {
    // Every 20th view is the busy user's (2,500 conversations of their own).
    const userId = i % 20 === 0 ? busy : readers[(i * 7919) % readers.length]!;
    await liveTag(db, userId);
    await unreadCount(db, userId);
    await listInbox(db, userId);
  };
  const send = async (i: number) => {
    const thread = threads[(i * 104729) % threads.length]!;
    await sendMessage({ db, rateLimits, live, logger: createLogger('silent') }, thread.buyer_id, thread.id, `Bench reply ${i}: can we meet at the stage?`);
  };

  // Warm-up: the plans and the connections.
  await concurrent(inboxPage);
  await concurrent(send);

  const { getBuild } = await loadPageBuild();
  const built = await createServices(config, { database });
  const app = createApp(built.services, { getBuild });
  const running = await listen(app.fetch, { hostname: '127.0.0.1', port: 0, logger: createLogger('silent'), onDrained: async () => {} });
  // One session for each stream's user (5 streams at most per user), as cookies for the client process.
  const streamUsers = readers.slice(0, STREAMS);
  const cookies: string[] = [];
  for (const userId of streamUsers) cookies.push(`${SESSION_COOKIE}=${(await createSession(db, userId, { persistent: false })).token}`);
  const cookieFile = path.join(dataDir, 'cookies.json');
  fs.writeFileSync(cookieFile, JSON.stringify(cookies));

  /** Opens the streams from another process (its memory is not ours); resolves once every one answered 200 and sent its first bytes. */
  function openStreams(): Promise<{ stop(): void }> {
    const code = `
      const http = require('node:http');
      const cookies = JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'));
      let ready = 0, failed = 0;
      const statuses = {};
      const settled = () => { if (ready + failed === cookies.length) console.log(JSON.stringify({ ready, failed, statuses })); };
      const open = (cookie) => new Promise((done) => {
        const req = http.get({ host: '127.0.0.1', port: ${running.port}, path: '/messages/events', agent: false, headers: { Cookie: cookie, Accept: 'text/event-stream' } }, (res) => {
          if (res.statusCode !== 200) { statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1; failed++; res.resume(); settled(); done(); return; }
          res.once('data', () => { ready++; settled(); done(); });
          res.on('data', () => {});
        });
        req.on('error', (e) => { statuses[e.code] = (statuses[e.code] || 0) + 1; failed++; settled(); done(); });
      });
      (async () => {
        for (let i = 0; i < cookies.length; i += ${STREAM_STEP}) await Promise.all(cookies.slice(i, i + ${STREAM_STEP}).map(open));
      })();
      setInterval(() => {}, 1 << 30);`;
    const child = spawn(process.execPath, ['-e', code, cookieFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
      child.stdout.once('data', (line: Buffer) => {
        const { ready, failed, statuses } = JSON.parse(String(line)) as { ready: number; failed: number; statuses: Record<string, number> };
        if (failed) reject(new Error(`${failed} streams refused: ${JSON.stringify(statuses)}`));
        else resolve({ stop: () => child.kill('SIGKILL') });
        void ready;
      });
      child.once('exit', (code) => reject(new Error(`stream clients exited (${code})`)));
    });
  }
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return process.memoryUsage();
  };

  const rounds: Array<{ inbox: { p50: number; p95: number }; send: { p50: number; p95: number }; rssMb: number; heapMb: number; perStreamKb: number }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const inbox = await concurrent(inboxPage);
    const sent = await concurrent(send);
    const before = await settle();
    const clients = await openStreams();
    const started = Date.now();
    while (built.services.live!.open < STREAMS && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const open = built.services.live!.open;
    const after = await settle();
    clients.stop();
    while (built.services.live!.open > 0 && Date.now() - started < 60_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const rssMb = (after.rss - before.rss) / 2 ** 20;
    const heapMb = (after.heapUsed - before.heapUsed) / 2 ** 20;
    rounds.push({ inbox, send: sent, rssMb, heapMb, perStreamKb: (rssMb * 1024) / open });
    console.log(
      `round ${round}: inbox page p50 ${inbox.p50.toFixed(2)} ms p95 ${inbox.p95.toFixed(2)} ms | send p50 ${sent.p50.toFixed(2)} ms p95 ${sent.p95.toFixed(2)} ms | ${open} live streams: +${rssMb.toFixed(1)} MB RSS, +${heapMb.toFixed(1)} MB heap`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`\nmedian of ${ROUNDS} rounds, ${CLIENTS} clients × ${PER_CLIENT} operations each:`);
  console.log(`inbox page (live tag + header count + 50 latest)  p50 ${median(rounds.map((r) => r.inbox.p50)).toFixed(2)} ms  p95 ${median(rounds.map((r) => r.inbox.p95)).toFixed(2)} ms  (target p95 ≤ 20 ms)`);
  console.log(`send a reply                                        p50 ${median(rounds.map((r) => r.send.p50)).toFixed(2)} ms  p95 ${median(rounds.map((r) => r.send.p95)).toFixed(2)} ms  (target p95 ≤ 30 ms)`);
  console.log(`${STREAMS} open live streams in one process               +${median(rounds.map((r) => r.rssMb)).toFixed(1)} MB RSS (+${median(rounds.map((r) => r.heapMb)).toFixed(1)} MB heap), ${median(rounds.map((r) => r.perStreamKb)).toFixed(0)} kB a stream  (target ≤ 100 MB)`);
  await running.shutdown('bench');
  built.services.live?.endAll();
  await built.services.live?.close();
  await live.close();
} finally {
  await database.close();
  if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
