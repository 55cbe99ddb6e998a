import { sql, type SQL } from 'drizzle-orm';

/*
 * JSON objects written by PostgreSQL as text, by concatenation, instead of json_build_object.
 * On PostgreSQL 15, json_build_object looks up how to write each value's type again for every
 * row; writing a page of 24 listings this way was about a tenth of the page statement less
 * (docs/decisions/listing-json-as-text.md). Each field says what kind of value it holds, and
 * its kind decides how it is written: strings always through to_json, so that escaping is
 * PostgreSQL's own, exactly as json_build_object escapes them.
 */

export type JsonField =
  /** Text, escaped by to_json. */
  | { string: SQL }
  /** A uuid: written in quotes as it is (hex digits and dashes need no escaping). */
  | { uuid: SQL }
  /** An integer, bigint or float8. */
  | { number: SQL }
  | { boolean: SQL }
  /** A timestamptz as JavaScript's toISOString() writes it (milliseconds, UTC, "Z"). */
  | { time: SQL }
  /** Text that is JSON already (jsonb::text, or text written as JSON); `orElse` (JSON) when NULL. */
  | { json: SQL; orElse?: string }
  | { object: Record<string, JsonField> };

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isoText = (value: SQL): SQL => sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const literal = (text: string): SQL => sql.raw(`'${text.replaceAll("'", "''")}'`);

/*
 * Every value is written `null` when it is NULL, as json_build_object writes it: one NULL
 * concatenated unguarded would make the whole object NULL, and string_agg would then drop
 * the listing from its page without a word.
 */
function valueText(field: JsonField): SQL {
  if ('object' in field) return jsonObjectText(field.object);
  if ('json' in field) return sql`coalesce(${field.json}, ${literal(field.orElse ?? 'null')})`;
  if ('boolean' in field) return sql`(CASE ${field.boolean} WHEN true THEN 'true' WHEN false THEN 'false' ELSE 'null' END)`;
  const text =
    'string' in field ? sql`to_json(${field.string})::text`
    : 'uuid' in field ? sql`'"' || ${field.uuid} || '"'`
    : 'number' in field ? sql`(${field.number})::text`
    : sql`'"' || ${isoText(field.time)} || '"'`;
  return sql`coalesce(${text}, 'null')`;
}

/** The object's JSON as a text expression, never NULL. */
export function jsonObjectText(fields: Record<string, JsonField>): SQL {
  return fieldsText(fields, '{');
}

/**
 * The rest of an object whose first fields `head` (text, never NULL) wrote without the closing
 * brace: `head` followed by `fields` and the brace (migration 2300's stored heads).
 */
export function jsonObjectAfter(head: SQL, fields: Record<string, JsonField>): SQL {
  return sql`(${head} || ${fieldsText(fields, ',')})`;
}

function fieldsText(fields: Record<string, JsonField>, opening: '{' | ','): SQL {
  const parts: SQL[] = [];
  let separator: string = opening;
  for (const [key, field] of Object.entries(fields)) {
    if (!KEY.test(key)) throw new Error(`JSON key ${JSON.stringify(key)} would need escaping`);
    parts.push(sql.raw(`'${separator}"${key}":'`), valueText(field));
    separator = ',';
  }
  parts.push(sql.raw(parts.length === 0 && opening === '{' ? `'{}'` : `'}'`));
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** A JSON array (text) of `item` (text) over the rows aggregated, in `orderBy` order: '[]' when there are none. */
export function jsonArrayText(item: SQL, orderBy: SQL): SQL {
  return sql`coalesce('[' || string_agg(${item}, ',' ORDER BY ${orderBy}) || ']', '[]')`;
}
