import { sql } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { queryRows } from '../../server/db/client.ts';
import { listings } from '../../server/db/schema/index.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Hostile input on every route: every operation of /api/openapi.json and every page route of
 * app/routes.ts, with a fixed corpus of values nobody should send (NUL, broken %-escapes,
 * invalid UTF-8, CR/LF, over-long values, wrong types). Nothing may answer 5xx, every refusal
 * says why, and nothing hostile is stored.
 */
const LONG = 'x'.repeat(20_000);
const HOSTILE: unknown[] = [
  '',
  '\u0000',
  'a\u0000b',
  'line\r\nSet-Cookie: fuzz=1',
  '\ud800',
  '😀😀',
  LONG,
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%',
  '-1',
  '1e999',
  'NaN',
  '99999999999999999999999999',
  123,
  -1,
  1.5,
  true,
  null,
  [],
  {},
  ['a\u0000'],
  { $ne: 1 },
];
/** Strings as they go into an address: %-encoded, plus escapes that are broken on purpose. */
const IN_URL: string[] = [
  ...HOSTILE.map((v) => {
    try {
      return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
    } catch {
      return '%ED%A0%80'; // a lone surrogate cannot be encoded: its CESU bytes, invalid UTF-8
    }
  }),
  '%',
  '%zz',
  '%00',
  '%C3%28',
  '%FF%FE',
  '%E2%82',
  '%0d%0a',
  '%u0000',
];
/** Bodies that are broken as a whole. */
const RAW_BODIES: Array<{ type: string; body: BodyInit }> = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"a":"\\u0000"}' },
  { type: 'application/json', body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { type: 'application/json', body: `{"a":"${'y'.repeat(200_000)}"}` },
  { type: 'application/x-www-form-urlencoded', body: 'a=%00&b=%zz&c=%C3%28' },
  { type: 'text/plain', body: '\u0000\r\n' },
  { type: 'multipart/form-data; boundary=fuzz', body: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end' },
  { type: 'multipart/form-data', body: 'no boundary' },
];

/** Fields a page form might read; each is filled with the hostile value. */
const FORM_FIELDS = [
  'intent', 'email', 'password', 'newPassword', 'confirmPassword', 'rememberMe', 'firstName', 'lastName', 'phoneNumber',
  'location', 'title', 'description', 'category', 'subcategory', 'price', 'currency', 'name', 'subject', 'message',
  'token', 'id', 'existingImages', 'images',
];
const QUERY_FIELDS = ['q', 'search', 'id', 'token', 'page', 'limit', 'category', 'sort', 'location', 'minPrice', 'maxPrice', 'status', 'tx_ref', 'listingId', 'redirectTo'];

let t: TestApp;
let app: ReturnType<typeof createApp>;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let build: ServerBuild;
let token: string;
let cookie: string;
let listingId: string;
let ip = 0;

type Answer = { status: number; body: string; contentType: string };

async function send(path: string, init: RequestInit & { auth?: 'bearer' | 'cookie' } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  // Every request from its own address, so throttles do not hide deeper code paths.
  headers.set('X-Forwarded-For', `10.9.${Math.floor(++ip / 250) % 250}.${ip % 250}`);
  if (init.auth === 'bearer') headers.set('Authorization', `Bearer ${token}`);
  if (init.auth === 'cookie') {
    headers.set('Cookie', cookie);
    headers.set('Origin', TEST_ORIGIN);
  }
  const res = await app.request(`${TEST_ORIGIN}${path}`, { ...init, headers });
  return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') ?? '' };
}

const failures: string[] = [];
function check(what: string, answer: Answer): void {
  if (answer.status >= 500) failures.push(`${what} -> ${answer.status} ${answer.body.slice(0, 200)}`);
  else if (answer.status >= 400 && answer.status !== 404 && answer.status !== 405) {
    // A refusal says why: the API's { message }, or a page with text in it.
    const says = answer.contentType.includes('json') ? typeof safeJson(answer.body)?.message === 'string' : answer.body.trim().length > 0;
    if (!says) failures.push(`${what} -> ${answer.status} without a message`);
  }
}
function safeJson(text: string): { message?: unknown } | null {
  try {
    return JSON.parse(text) as { message?: unknown };
  } catch {
    return null;
  }
}
function describeValue(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…(${s.length})` : s);
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  pages = await loadPageBuild();
  build = await pages.getBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  const owner = await t.createUser({ email: 'fuzz-owner@example.co.ke' });
  token = owner.token;
  const session = await createSession(t.services.db, owner.user.id, { persistent: false });
  cookie = `${SESSION_COOKIE}=${session.token}`;
  const [row] = await t.services.db
    .insert(listings)
    .values({ ownerId: owner.user.id, title: 'Fuzz target', description: 'A listing for the fuzzer.', category: 'Furniture', location: 'Nairobi', price: 1000 })
    .returning({ id: listings.id });
  listingId = row!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Bodies with a valid base, so a single hostile field gets past the others to the deep code. */
function baseBody(op: string): Record<string, unknown> {
  const email = `fuzz-${++ip}@example.co.ke`;
  const bases: Record<string, Record<string, unknown>> = {
    'POST /auth/register': { firstName: 'Fuzz', lastName: 'User', email, password: 'long-enough-password', location: 'Nairobi', phoneNumber: '0712345678' },
    'POST /auth/login': { email: 'fuzz-owner@example.co.ke', password: 'wrong-password' },
    'POST /auth/forgot-password': { email },
    'POST /auth/reset-password': { newPassword: 'long-enough-password', token: 'x'.repeat(43) },
    'PUT /auth/me': { firstName: 'Fuzz', lastName: 'User', location: 'Nairobi', phoneNumber: '0712345678' },
    'POST /contact': { name: 'Fuzz', email, subject: 'Hello', message: 'A message long enough.' },
    'POST /payments/create-checkout-session': { email, amount: 200, callback_url: `${TEST_ORIGIN}/api/payments/verify?listingId=${listingId}` },
    'PUT /listings/{id}': { title: 'Fuzz target', description: 'A listing for the fuzzer.', category: 'Furniture', location: 'Nairobi', price: 1000 },
    'POST /listings': { title: 'Fuzz target', description: 'A listing for the fuzzer.', category: 'Furniture', location: 'Nairobi', price: '1000' },
  };
  return bases[op] ?? {};
}

type Operation = { method: string; path: string; params: Array<{ in: string; name: string }>; content: string[]; props: string[] };

async function operations(): Promise<Operation[]> {
  const doc = JSON.parse((await send('/api/openapi.json')).body) as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content: Record<string, { schema: { $ref?: string; properties?: object } }> } }>>;
    components: { schemas: Record<string, { properties?: object }> };
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = Object.keys(op.requestBody?.content ?? {});
      const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      const resolved = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], content, props: Object.keys(resolved?.properties ?? {}) });
    }
  }
  // Deleting the fuzzer's own account would end the signed-in half of the run: last.
  return ops.sort((a, b) => Number(a.method === 'DELETE' && a.path === '/auth/me') - Number(b.method === 'DELETE' && b.path === '/auth/me'));
}

function fillPath(path: string, value: string | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => value ?? (name === 'tx_ref' ? 'soko-fuzz' : listingId));
}

function multipart(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v ?? null));
  return form;
}

async function fuzzOperation(op: Operation): Promise<number> {
  let sent = 0;
  const name = `${op.method} /api${op.path}`;
  const go = async (what: string, path: string, init: RequestInit = {}) => {
    sent++;
    check(`${name} ${what}`, await send(`/api${path}`, { method: op.method, auth: 'bearer', ...init }));
  };
  const key = `${op.method} ${op.path}`;
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  for (const v of IN_URL) {
    if (pathParams.length) await go(`path=${v.slice(0, 30)}`, fillPath(op.path, v));
    if (queryParams.length) await go(`query=${v.slice(0, 30)}`, `${fillPath(op.path, undefined)}?${queryParams.map((p) => `${p.name}=${v}`).join('&')}`);
  }
  const path = fillPath(op.path, undefined);
  if (op.content.includes('application/json')) {
    for (const v of HOSTILE) {
      await go(`json body=${describeValue(v)}`, path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(v) });
      for (const prop of op.props) {
        const body = { ...baseBody(key), [prop]: v };
        await go(`json ${prop}=${describeValue(v)}`, path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      }
    }
  }
  if (op.content.includes('multipart/form-data')) {
    for (const v of HOSTILE) {
      await go(`multipart all=${describeValue(v)}`, path, { body: multipart(Object.fromEntries(op.props.map((p) => [p, v]))) });
      for (const prop of op.props.filter((p) => p !== 'images')) {
        await go(`multipart ${prop}=${describeValue(v)}`, path, { body: multipart({ ...baseBody(key), [prop]: v }) });
      }
    }
  }
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    for (const raw of RAW_BODIES) await go(`raw ${raw.type}`, path, { headers: { 'Content-Type': raw.type }, body: raw.body });
  }
  return sent;
}

/** Every page route of React Router's manifest: its full path with :params, and whether it has an action. */
function pageRoutes(): Array<{ path: string; action: boolean }> {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? full(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const routes = new Map<string, boolean>();
  for (const r of Object.values(build.routes)) {
    if (!r || (r.path === undefined && !r.index) || r.id === 'root') continue;
    const path = `/${full(r.id)}`.replace(/\/+/g, '/');
    routes.set(path, (routes.get(path) ?? false) || Boolean(r.module.action));
  }
  return [...routes].map(([path, action]) => ({ path, action }));
}

async function fuzzPage({ path: route, action }: { path: string; action: boolean }): Promise<number> {
  let sent = 0;
  const go = async (what: string, path: string, init: RequestInit & { auth?: 'cookie' } = {}) => {
    sent++;
    check(`${init.method ?? 'GET'} ${route} ${what}`, await send(path, { auth: 'cookie', ...init }));
  };
  const hasParams = /[:*]/.test(route);
  const fill = (v: string | undefined) => route.replace(/:[A-Za-z]+|\*/g, v ?? listingId);
  const path = fill(undefined);
  // In an address every value is text: the corpus's strings and broken escapes cover it.
  for (const v of IN_URL.filter((_, i) => i >= HOSTILE.length || typeof HOSTILE[i] === 'string')) {
    if (hasParams) await go(`param=${v.slice(0, 30)}`, fill(v));
    await go(`query=${v.slice(0, 30)}`, `${path}?${QUERY_FIELDS.map((f) => `${f}=${v}`).join('&')}`);
  }
  await go('data request', `${path === '/' ? '/_root' : path}.data?${QUERY_FIELDS.map((f) => `${f}=%00`).join('&')}`);
  if (!action) {
    // No action (unknown addresses among them): one refused POST is enough (React Router logs each one).
    await go('form', path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    return sent;
  }
  // A form carries text only, so the corpus's other types arrive as their JSON text: a few suffice.
  const texts = [...new Set(HOSTILE.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))))].filter((v) => !/^(-?1(\.5)?|true|\{\})$/.test(v));
  for (const [i, text] of texts.entries()) {
    const form = new URLSearchParams(FORM_FIELDS.map((f) => [f, text]));
    await go(`form=${describeValue(text)}`, path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    // Multipart reaches the same actions; every other value is enough to cover its parsing.
    if (i % 2 === 0) await go(`multipart=${describeValue(text)}`, path, { method: 'POST', body: multipart(Object.fromEntries(FORM_FIELDS.map((f) => [f, text]))) });
  }
  for (const raw of RAW_BODIES) await go(`raw ${raw.type}`, path, { method: 'POST', headers: { 'Content-Type': raw.type }, body: raw.body });
  return sent;
}

async function storedHostileRows(): Promise<unknown[]> {
  // CR/LF, NUL and over-long values never reach single-line fields.
  return queryRows(
    t.services.db,
    sql`select 'user' as kind, id::text from users where first_name ~ '[\r\n]' or last_name ~ '[\r\n]' or location ~ '[\r\n]' or length(first_name) > 100
        union all select 'listing', id::text from listings where title ~ '[\r\n]' or location ~ '[\r\n]' or length(title) > 100 or length(description) > 5000
        union all select 'contact', id::text from contact_messages where name ~ '[\r\n]' or subject ~ '[\r\n]' or length(message) > 5000`,
  );
}

describe('no 5xx from hostile input', () => {
  it('walks every operation of the OpenAPI document', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(20);
    let sent = 0;
    for (const op of ops) sent += await fuzzOperation(op);
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(await storedHostileRows()).toEqual([]);
  }, 300_000);

  it('walks every page route', async () => {
    const routes = pageRoutes();
    expect(routes).toContainEqual({ path: '/listing/:id', action: true });
    expect(routes).toContainEqual({ path: '/post-ad', action: true });
    expect(routes.length).toBeGreaterThan(25);
    let sent = 0;
    for (const route of routes) sent += await fuzzPage(route);
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(await storedHostileRows()).toEqual([]);
  }, 300_000);
});
