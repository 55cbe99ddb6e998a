/**
 * Every id Soko hands out is a UUID. Anything else in a URL cannot name a row, so callers
 * answer "not found" without asking the database (PostgreSQL would reject it with an error).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
