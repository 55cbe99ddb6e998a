/**
 * Messages (issue 43): how long the inbox, the header's unread count, the live poll's version and
 * a thread take for a busy user, over a database of many conversations (PGlite, copied from the
 * migrated test template); bounded in size and runs. Prints p50/p95 in ms.
 *
 *   npm run bench:messages -- [conversations=50000] [messagesPerConversation=4]
 *
 * With --pg the scale test (point 8) runs instead, on PostgreSQL: scripts/bench-messages-scale.ts.
 */
if (process.argv.includes('--pg')) {
  await import('./bench-messages-scale.ts');
  process.exit(0);
}
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { listInbox, messagesVersion, readThread, sendMessage, unreadCount } from '../server/messages/conversations.ts';
import { createRateLimits, RATE_LIMITS } from '../server/rate-limits/rate-limits.ts';
import { pgliteTemplate } from '../tests/support/templates.ts';
import { createLogger } from '../server/logger.ts';

const conversations = Math.min(200_000, Number(process.argv[2]) || 50_000);
const perConversation = Math.min(20, Number(process.argv[3]) || 4);
const USERS = 5_000;
const RUNS = 200;

const database = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
const db = database.db;
const t0 = performance.now();
await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, username, created_at)
  SELECT 'bench' || i || '@example.co.ke', 'x', 'User', 'N' || i, 'bench' || i, now() - interval '30 days' FROM generate_series(1, ${USERS}) i`);
// User 1 is the busy one: a seller in 1% of all conversations and a buyer in as many.
await db.execute(sql`WITH u AS (SELECT id, row_number() OVER (ORDER BY username) AS n FROM users WHERE email LIKE 'bench%')
  INSERT INTO conversations (listing_id, listing_title, buyer_id, seller_id, last_message_at, seller_unread, buyer_unread)
  SELECT gen_random_uuid(), 'Bench ad ' || i, b.id, s.id, now() - (i || ' seconds')::interval, (i % 3), (i % 5 = 0)::int
  FROM generate_series(1, ${conversations}) i
  JOIN u b ON b.n = CASE WHEN i % 100 = 1 THEN 1 ELSE 2 + (i * 7) % (${USERS} - 1) END
  JOIN u s ON s.n = CASE WHEN i % 100 = 2 THEN 1 ELSE 2 + (i * 13 + 1) % (${USERS} - 1) END
  WHERE b.id <> s.id`);
await db.execute(sql`INSERT INTO messages (conversation_id, sender_id, body, created_at)
  SELECT c.id, CASE WHEN k % 2 = 0 THEN c.buyer_id ELSE c.seller_id END, 'Message ' || k, c.last_message_at - ((${perConversation} - k) || ' minutes')::interval
  FROM conversations c, generate_series(1, ${perConversation}) k`);
await db.execute(sql`ANALYZE`);
const userId = (await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE username = 'bench1'`))[0]!.id;
const counts = (await queryRows<{ c: number; m: number; mine: number }>(db, sql`SELECT (SELECT count(*) FROM conversations)::int AS c, (SELECT count(*) FROM messages)::int AS m,
  (SELECT count(*) FROM conversations WHERE buyer_id = ${userId} OR seller_id = ${userId})::int AS mine`))[0]!;
console.log(`data: ${counts.c} conversations, ${counts.m} messages, the busy user in ${counts.mine}; loaded in ${Math.round(performance.now() - t0)} ms`);
const threadId = (await queryRows<{ id: string }>(db, sql`SELECT id FROM conversations WHERE seller_id = ${userId} ORDER BY last_message_at DESC LIMIT 1`))[0]!.id;

async function measure(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${name.padEnd(34)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  (${RUNS} runs, one client)`);
}

await measure('header unread count', () => unreadCount(db, userId));
await measure('live poll version', () => messagesVersion(db, userId));
await measure('inbox (50 latest)', () => listInbox(db, userId));
await measure('thread (read, no mark)', () => readThread(db, userId, threadId, { markRead: false }));
// The real limits, with the hourly message ceiling lifted so that the runs are not refused.
const rateLimits = createRateLimits(undefined, { ...RATE_LIMITS, messagesPerAccount: { ...RATE_LIMITS.messagesPerAccount, limit: 1_000_000 } });
await measure('send a reply', () => sendMessage({ db, rateLimits, logger: createLogger('silent') }, userId, threadId, 'Bench reply'));
await database.close();
