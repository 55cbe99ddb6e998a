import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryPrepared, queryRows } from '../../server/db/client.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * queryPrepared (server/db/client.ts): on PGlite a statement PREPAREd in SQL and run by EXECUTE
 * with its values written as literals; on PostgreSQL a named prepared statement. Either way it
 * answers as the plain query does, whatever the values hold.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const echo = (text: string | null, n: number | null, flag: boolean | null) =>
  sql`SELECT ${text}::text AS text, ${n}::int AS n, ${flag}::boolean AS flag, length(${text}::text) AS length`;

it('answers as the plain query does, for values with quotes, backslashes, dollars, semicolons and none', async () => {
  const values: Array<[string | null, number | null, boolean | null]> = [
    ["O'Brien's \"sofa\"", 1, true],
    ["'); DROP TABLE listings; --", -2, false],
    ['C:\\path\\n \\x27 $1 $$ E\'x\'', 0, null],
    ['Karibu — ñ 😀', 2_147_483_647, true],
    [null, null, null],
    ['', 3, false],
  ];
  for (const [text, n, flag] of values) {
    const plain = await queryRows(t.services.db, echo(text, n, flag));
    expect(await queryPrepared(t.services.db, 'test_echo', echo(text, n, flag)), String(text)).toEqual(plain);
  }
  // The table the second value names is still there.
  expect(await queryRows(t.services.db, sql`SELECT count(*)::int AS n FROM listings`)).toHaveLength(1);
});

it('runs the same new statement many times at once; takes a value without a cast and any name', async () => {
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => queryPrepared<{ n: number }>(t.services.db, 'test_many', sql`SELECT ${i}::int + 1 AS n`)));
  expect(answers.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  const untyped = await queryPrepared<{ x: string }>(t.services.db, 'test_untyped', sql`SELECT ${'plain'} AS x`);
  expect(untyped[0]!.x).toBe('plain');
  // Not an identifier PREPARE could take: on PGlite it runs as a plain query.
  const odd = await queryPrepared<{ x: string }>(t.services.db, 'Odd name; --', sql`SELECT ${'odd'}::text AS x`);
  expect(odd[0]!.x).toBe('odd');
  // A statement that fails still fails, with the database's error.
  await expect(queryPrepared(t.services.db, 'test_fails', sql`SELECT 1 / ${0}::int AS x`)).rejects.toThrow(/division by zero/);
});
