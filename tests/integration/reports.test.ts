import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DETAILS_MAX, REPORT_MESSAGES } from '#kernel/report-rules.ts';
import { action as detailAction } from '../../app/routes/listings/listing-detail.tsx';
import type { User } from '../../server/auth/sessions.ts';
import type { Auth, RequestContext } from '../../server/context.ts';
import { queryRows } from '../../server/db/client.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { postAd } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/**
 * Issue 19, point 1: anyone can report an ad, through the API or the ad page's plain form; one
 * report per person per ad; bad input and throttled reports store nothing.
 */
let t: TestApp;
let sellerToken: string;

const device = () => t.deviceCookie();
const reportsOf = (id: string) => queryRows<{ reason: string; details: string; reporter: string; reporter_id: string | null }>(t.services.db, sql`select reason, details, reporter, reporter_id from listing_reports where listing_id = ${id} order by created_at`);

async function newAd(): Promise<string> {
  return ((await (await postAd(t, sellerToken)).json()) as { _id: string })._id;
}

beforeAll(async () => {
  t = await createTestApp();
  sellerToken = (await t.createUser({ phoneNumber: '+254733112233' })).token;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/listings/{id}/reports', () => {
  it('stores a signed-out report and thanks the reporter', async () => {
    const id = await newAd();
    const res = await t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason: 'scam', details: 'Asked for a deposit\r\nbefore viewing.' }, headers: { Cookie: device() } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: REPORT_MESSAGES.thanks });
    const rows = await reportsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'scam', details: 'Asked for a deposit\nbefore viewing.', reporter_id: null });
    expect(rows[0]!.reporter).toMatch(/^d:/);
  });

  it('keeps one report per person: a signed-in reporter’s second report replaces the first', async () => {
    const id = await newAd();
    const { user, token } = await t.createUser();
    for (const reason of ['duplicate', 'wrong_category']) {
      const res = await t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason }, token });
      expect(res.status).toBe(201);
    }
    const rows = await reportsOf(id);
    expect(rows).toEqual([{ reason: 'wrong_category', details: '', reporter: `u:${user.id}`, reporter_id: user.id }]);
  });

  it('counts different people apart', async () => {
    const id = await newAd();
    for (let i = 0; i < 3; i++) expect((await t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason: 'scam' }, headers: { Cookie: device() } })).status).toBe(201);
    expect(await reportsOf(id)).toHaveLength(3);
  });

  it('refuses a missing or unknown reason, over-long details and the seller’s own ad, storing nothing', async () => {
    const id = await newAd();
    const cases: [unknown, number, string][] = [
      [{}, 400, REPORT_MESSAGES.reason],
      [{ reason: 'spam-bot' }, 400, REPORT_MESSAGES.reason],
      [{ reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) }, 400, REPORT_MESSAGES.detailsTooLong],
      [{ reason: 'other', details: 42 }, 400, REPORT_MESSAGES.detailsTooLong],
    ];
    for (const [json, status, message] of cases) {
      const res = await t.request(`/api/listings/${id}/reports`, { method: 'POST', json, headers: { Cookie: device() } });
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const own = await t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason: 'scam' }, token: sellerToken });
    expect(own.status).toBe(400);
    expect(((await own.json()) as { message: string }).message).toBe(REPORT_MESSAGES.ownAd);
    expect(await reportsOf(id)).toEqual([]);
    // Exactly the limit's length is fine (characters, not UTF-16 units: emoji count once).
    const full = await t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason: 'other', details: '😀'.repeat(REPORT_DETAILS_MAX) }, headers: { Cookie: device() } });
    expect(full.status).toBe(201);
  });

  it('answers 404 for an ad that does not exist or an id that is not one', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason: 'scam' } });
      expect(res.status).toBe(404);
    }
  });

  it('throttles one person to 10 reports a day; the 11th is a 429 with Retry-After and is not stored', async () => {
    const cookie = device();
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await newAd());
    for (const id of ids.slice(0, 10)) expect((await t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason: 'scam' }, headers: { Cookie: cookie } })).status).toBe(201);
    const refused = await t.request(`/api/listings/${ids[10]}/reports`, { method: 'POST', json: { reason: 'scam' }, headers: { Cookie: cookie } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^You have sent many reports today/);
    expect(await reportsOf(ids[10]!)).toEqual([]);
    // Someone else is not affected.
    expect((await t.request(`/api/listings/${ids[10]}/reports`, { method: 'POST', json: { reason: 'scam' }, headers: { Cookie: device() } })).status).toBe(201);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const op = doc.paths['/api/listings/{id}/reports']?.post ?? doc.paths['/listings/{id}/reports']?.post;
    expect(op).toBeDefined();
    expect(Object.keys(op!.responses).sort()).toEqual(['201', '400', '404', '429']);
  });
});

describe('the ad page’s form (no JavaScript): its action', () => {
  const context = (deviceId: string, user: User | null = null): RequestContext => ({
    ...t.services,
    requestId: 'abcdef12-3456-7890-abcd-ef1234567890',
    clientIp: '10.1.2.3',
    deviceId,
    deviceKnown: true,
    nonce: '',
    locale: 'en',
    auth: user ? ({ user, session: {}, token: 'x', via: 'cookie' } as unknown as Auth) : null,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
  });
  const submit = async (id: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ intent: 'report', ...fields })) body.append(k, v);
    const request = new Request(`${TEST_ORIGIN}/listing/${id}`, { method: 'POST', body });
    const result = (await detailAction(routeArgs({ request, params: { id }, context: context(`device-${crypto.randomUUID()}`) }))) as unknown;
    const wrapped = result as { data?: unknown; init?: ResponseInit | null };
    return wrapped && typeof wrapped === 'object' && 'init' in wrapped ? { body: wrapped.data, status: wrapped.init?.status ?? 200 } : { body: result, status: 200 };
  };

  it('stores a posted report and answers the thanks', async () => {
    const id = await newAd();
    expect(await submit(id, { reason: 'offensive', details: 'Rude words in the description.' })).toEqual({ body: { reported: REPORT_MESSAGES.thanks }, status: 200 });
    expect(await reportsOf(id)).toMatchObject([{ reason: 'offensive', details: 'Rude words in the description.' }]);
  });

  it('a report without a reason answers 400 with the message and stores nothing', async () => {
    const id = await newAd();
    expect(await submit(id, { details: 'no reason given' })).toEqual({ body: { reportError: REPORT_MESSAGES.reason }, status: 400 });
    expect(await reportsOf(id)).toEqual([]);
  });

  it('an unknown ad is the 404 page', async () => {
    await expect(submit(crypto.randomUUID(), { reason: 'scam' })).rejects.toMatchObject({ init: { status: 404 } });
  });
});
