import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { jsonArrayText, jsonObjectText } from '../../server/listings/json-text-sql.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/*
 * Rows of awkward values: quotes, backslashes, control characters, non-ASCII, an empty string,
 * big and fractional numbers, and a NULL in every column (row 3).
 */
const VALUES = sql.raw(`(VALUES
  (1, 'Say "hi"\\ then' || chr(10) || chr(9) || chr(1) || ' ✓ Ksh', '7f1c2e4a-9b1d-4c1e-8f00-0123456789ab'::uuid, 9007199254740991::bigint, 4.5::float8, true, '2026-11-29 22:05:07.123456+03'::timestamptz, '{"make": "Toyota", "year": 2014}'::jsonb),
  (2, '', '00000000-0000-0000-0000-000000000000'::uuid, -3::bigint, 0.1::float8, false, '1999-12-31 23:59:59.9999+00'::timestamptz, '{}'::jsonb),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
) AS v(n, s, u, b, f, flag, at, attrs)`);

const FIELDS = {
  text: { string: sql`v.s` },
  id: { uuid: sql`v.u` },
  big: { number: sql`v.b` },
  fraction: { number: sql`v.f` },
  flag: { boolean: sql`v.flag` },
  at: { time: sql`v.at` },
  attrs: { json: sql`v.attrs::text` },
  none: { json: sql`NULL`, orElse: '[]' },
  nested: { object: { again: { string: sql`v.s` }, _n: { number: sql`v.n` } } },
};

describe('JSON objects written as text (server/listings/json-text-sql.ts)', () => {
  it('write what json_build_object writes, value for value, NULLs as null', async () => {
    const [row] = await queryRows<{ ours: string; theirs: string }>(
      database.db,
      sql`SELECT ${jsonArrayText(jsonObjectText(FIELDS), sql`v.n`)} AS ours,
        json_agg(json_build_object('text', v.s, 'id', v.u, 'big', v.b, 'fraction', v.f, 'flag', v.flag,
          'at', to_char(v.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'attrs', v.attrs, 'none', '[]'::json,
          'nested', json_build_object('again', v.s, '_n', v.n)) ORDER BY v.n)::text AS theirs
        FROM ${VALUES}`,
    );
    const ours = JSON.parse(row!.ours) as Array<Record<string, unknown>>;
    expect(ours).toEqual(JSON.parse(row!.theirs));
    expect(ours).toHaveLength(3);
    expect(ours[0]!.text).toBe('Say "hi"\\ then\n\t\u0001 ✓ Ksh');
    expect(ours[0]!.big).toBe(9007199254740991);
    expect(ours[0]!.at).toBe('2026-11-29T19:05:07.123Z');
    expect(ours[2]).toEqual({ text: null, id: null, big: null, fraction: null, flag: null, at: null, attrs: null, none: [], nested: { again: null, _n: 3 } });
  });

  it('write an empty array when there are no rows', async () => {
    const [row] = await queryRows<{ ours: string }>(database.db, sql`SELECT ${jsonArrayText(jsonObjectText(FIELDS), sql`v.n`)} AS ours FROM ${VALUES} WHERE false`);
    expect(row!.ours).toBe('[]');
  });

  it('refuse a key that would need escaping', () => {
    expect(() => jsonObjectText({ 'a"b': { string: sql`'x'` } })).toThrow(/would need escaping/);
  });
});
