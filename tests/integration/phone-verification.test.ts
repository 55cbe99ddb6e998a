import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHONE_CODE_ATTEMPTS, PHONE_VERIFY_MESSAGES as M } from '#kernel/phone-verification-rules.ts';
import { loadConfig } from '../../server/config.ts';
import { queryRows } from '../../server/db/client.ts';
import { createAfricasTalkingSms } from '../../server/sms/africas-talking.ts';
import { SANDBOX_API_KEY } from '../../server/sms/sandbox.ts';
import { createSmsService } from '../../server/sms/service.ts';
import { sellerHasVerifiedPhone, sendPhoneCode } from '../../server/users/phone-verification.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';

/**
 * Issue 19, point 6: a seller verifies their number with a code sent by SMS through the Africa's
 * Talking adapter, which here talks over HTTP to the built-in sandbox (the same contract).
 */
let t: TestApp;
let phoneSeq = 0;
/** A Kenyan mobile number no other test in this file uses (per-number limits). */
const newPhone = () => `+2547${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;

const sandbox = () => t.services.sms!.sandbox!;
const codeSentTo = (phone: string) => {
  const last = sandbox().messages(phone).at(-1);
  const code = /\b(\d{6})\b/.exec(last?.message ?? '')?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
};
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const switches = (body: object) => t.request('/sandbox/africastalking/_control/switches', { method: 'POST', json: body });

async function seller() {
  const phone = newPhone();
  const made = await t.createUser({ phoneNumber: phone });
  return { ...made, phone };
}
const send = (token: string) => t.request('/api/auth/phone/code', { method: 'POST', token });
const verify = (token: string, code: unknown) => t.request('/api/auth/phone/verify', { method: 'POST', token, json: { code } });
const verifiedNumber = async (userId: string) => (await queryRows<{ phone_verified: string | null }>(t.services.db, sql`select phone_verified from users where id = ${userId}`))[0]!.phone_verified;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("the Africa's Talking adapter against the sandbox", () => {
  const adapter = (apiKey = SANDBOX_API_KEY) =>
    createAfricasTalkingSms({ baseUrl: `${TEST_ORIGIN}/sandbox/africastalking`, username: 'sandbox', apiKey, fetch: (input, init) => Promise.resolve(t.app.request(input, init)) });

  it('sends: 201 with a per-recipient status 101 and a message id; the sandbox holds the text', async () => {
    const to = newPhone();
    const result = await adapter().send(to, 'Hello from the test');
    expect(result).toMatchObject({ ok: true, messageId: expect.stringMatching(/^ATXid_/) });
    expect(sandbox().messages(to).map((m) => m.message)).toEqual(['Hello from the test']);
  });

  it('decides per recipient: 403 InvalidPhoneNumber and 406 opt-out are permanent, 500 and 405 are worth a retry', async () => {
    for (const [recipientStatus, permanent] of [[403, true], [406, true], [500, false], [405, false]] as const) {
      await switches({ recipientStatus });
      const result = await adapter().send(newPhone(), 'x');
      expect(result, String(recipientStatus)).toMatchObject({ ok: false, permanent });
    }
    // A number outside Kenya's mobile ranges is refused by the gateway itself.
    expect(await adapter().send('+25420123', 'x')).toMatchObject({ ok: false, permanent: true });
  });

  it('treats anything but 201 as failure: a wrong key (401) for good, a gateway 500 for now', async () => {
    expect(await adapter('wrong-key').send(newPhone(), 'x')).toMatchObject({ ok: false, permanent: true, reason: 'gateway answered 401' });
    await switches({ httpStatus: 500 });
    expect(await adapter().send(newPhone(), 'x')).toMatchObject({ ok: false, permanent: false, reason: 'gateway answered 500' });
  });
});

describe('verifying a phone', () => {
  it('texts a code, refuses a wrong one with the tries left, accepts the right one; the ad page then says so', async () => {
    const { user, token, phone } = await seller();
    const sent = await send(token);
    expect(sent.status).toBe(200);
    expect(await message(sent)).toMatch(/^We sent a 6-digit code to /);
    const code = codeSentTo(phone);
    // Only a hash is stored.
    const [row] = await queryRows<{ code_hash: string }>(t.services.db, sql`select code_hash from phone_codes where user_id = ${user.id}`);
    expect(row!.code_hash).not.toContain(code);

    const wrong = await verify(token, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe(M.wrongCode(MAX_PHONE_CODE_ATTEMPTS - 1));
    expect(await message(await verify(token, '12ab'))).toBe(M.codeFormat);

    const right = await verify(token, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(right.status).toBe(200);
    expect(await message(right)).toBe(M.verified);
    expect(await verifiedNumber(user.id)).toBe(phone);
    expect(await sellerHasVerifiedPhone(t.services.db, user.id)).toBe(true);
    // The code is used up, and there is nothing more to verify.
    expect(await message(await verify(token, code))).toBe(M.expired);
    expect(await message(await send(token))).toBe(M.alreadyVerified);
  });

  it(`ends the code after ${MAX_PHONE_CODE_ATTEMPTS} wrong guesses, even if the right one comes next`, async () => {
    const { user, token, phone } = await seller();
    await send(token);
    const code = codeSentTo(phone);
    const wrong = code === '999999' ? '888888' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < MAX_PHONE_CODE_ATTEMPTS; i++) answers.push(await message(await verify(token, wrong)));
    expect(answers.at(-2)).toBe(M.wrongCode(1));
    expect(answers.at(-1)).toBe(M.tooManyAttempts);
    expect(await message(await verify(token, code))).toBe(M.expired);
    expect(await verifiedNumber(user.id)).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { user, token, phone } = await seller();
    await send(token);
    await t.services.db.execute(sql`update phone_codes set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect(await message(await verify(token, codeSentTo(phone)))).toBe(M.expired);
    expect(await verifiedNumber(user.id)).toBeNull();
  });

  it('changing the number clears verification, even back to the old number; a code sent to the old number stops working', async () => {
    const { user, token, phone } = await seller();
    await send(token);
    await verify(token, codeSentTo(phone));
    expect(await sellerHasVerifiedPhone(t.services.db, user.id)).toBe(true);
    const other = newPhone();
    expect((await t.request('/api/auth/me', { method: 'PUT', token, json: { phoneNumber: other } })).status).toBe(200);
    expect(await sellerHasVerifiedPhone(t.services.db, user.id)).toBe(false);
    expect((await t.request('/api/auth/me', { method: 'PUT', token, json: { phoneNumber: phone } })).status).toBe(200);
    expect(await sellerHasVerifiedPhone(t.services.db, user.id)).toBe(false);

    // A code on its way while the number changes is no good.
    await t.services.rateLimits.reset('phoneCodeResend', user.id);
    await send(token);
    const code = codeSentTo(phone);
    expect((await t.request('/api/auth/me', { method: 'PUT', token, json: { phoneNumber: other } })).status).toBe(200);
    expect(await message(await verify(token, code))).toBe(M.numberChanged);
    expect(await verifiedNumber(user.id)).toBeNull();
  });

  it('allows one text a minute per account', async () => {
    const { token } = await seller();
    expect((await send(token)).status).toBe(200);
    const again = await send(token);
    expect(again.status).toBe(429);
    expect(await message(again)).toBe('Please wait a minute before asking for another code.');
  });

  it('a number the gateway refuses is named; a gateway outage is a 502; neither leaves a code behind', async () => {
    const { user, token, phone } = await seller();
    await switches({ recipientStatus: 403 });
    const refused = await send(token);
    expect(refused.status).toBe(400);
    expect(await message(refused)).toMatch(/^We could not send a text to .+\. Please check the number in My details\.$/);
    await t.services.rateLimits.reset('phoneCodeResend', user.id);
    await switches({ httpStatus: 500 });
    const down = await send(token);
    expect(down.status).toBe(502);
    expect(await message(down)).toBe(M.notSent);
    expect(await queryRows(t.services.db, sql`select 1 from phone_codes where user_id = ${user.id}`)).toEqual([]);
    expect(sandbox().messages(phone)).toEqual([]);
  });

  it('needs a signed-in user with a phone number', async () => {
    expect((await t.request('/api/auth/phone/code', { method: 'POST' })).status).toBe(401);
    const { token } = await t.createUser({ phoneNumber: null });
    const res = await send(token);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(M.noPhone);
  });
});

describe('configuration', () => {
  it('runs the sandbox on a loopback APP_URL, live with AT_API_KEY, and is off on a public URL without either', () => {
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:3000' }).sms.mode).toBe('sandbox');
    expect(loadConfig({ APP_URL: 'https://soko.co.ke', PAYMENTS_SANDBOX: 'true' }).sms.mode).toBe('off');
    expect(loadConfig({ APP_URL: 'https://soko.co.ke', PAYMENTS_SANDBOX: 'true', SMS_SANDBOX: 'true' }).sms.mode).toBe('sandbox');
    expect(loadConfig({ APP_URL: 'https://soko.co.ke', PAYMENTS_SANDBOX: 'true', AT_API_KEY: 'k', AT_USERNAME: 'soko' }).sms).toMatchObject({ mode: 'live', username: 'soko' });
    expect(() => loadConfig({ AT_API_KEY: 'k' })).toThrow(/AT_USERNAME/);
  });

  it('with SMS off there is no sender, and asking for a code is a 503 that says so', async () => {
    expect(createSmsService(loadConfig({ APP_URL: 'https://soko.example', PAYMENTS_SANDBOX: 'true' }))).toBeNull();
    const { user } = await seller();
    await expect(sendPhoneCode({ ...t.services, sms: null }, user)).rejects.toMatchObject({ status: 503, message: M.unavailable });
  });
});
