import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { CONTACT_CONFIRMATION } from '../../server/contact/contact.ts';
import { RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';

const CONTACT_LIMIT = RATE_LIMITS.contactPerIp.limit;
import { createTestApp, type TestApp } from '../support/app.ts';

// TRUST_PROXY lets each test pick its client IP with X-Forwarded-For, so the per-IP limit of
// one test does not leak into another.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', SUPPORT_EMAIL: 'help-desk@soko.co.ke' });
});
afterAll(async () => {
  await t?.close();
});

type Row = { id: string; user_id: string | null; name: string; email: string; subject: string; message: string };
const rows = () => queryRows<Row>(t.services.db, 'select id, user_id, name, email, subject, message from contact_messages order by created_at');

const valid = {
  name: 'Wanjiku Kamau',
  email: 'wanjiku@example.co.ke',
  subject: 'Cannot edit my ad',
  message: 'Hello, the Save Changes button on my ad for a Toyota Axio does nothing. Please help.',
};

/** The outbox keeps the raw .eml; long body lines are soft-wrapped by quoted-printable encoding. */
const unfoldQuotedPrintable = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let ipCounter = 0;
const newIp = () => `10.0.0.${++ipCounter}`;

function post(body: unknown, ip: string, extra: { token?: string } = {}) {
  return t.request('/api/contact', { method: 'POST', json: body, headers: { 'X-Forwarded-For': ip }, ...extra });
}

describe('POST /api/contact', () => {
  it('stores a valid message and mails it to the support address with Reply-To the sender', async () => {
    const before = (await rows()).length;
    const outboxBefore = t.outbox().length;
    const res = await post({ ...valid, name: '  Wanjiku Kamau ', extra: 'ignored' }, newIp());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe(CONTACT_CONFIRMATION);

    const stored = await rows();
    expect(stored).toHaveLength(before + 1);
    const row = stored.at(-1)!;
    expect(row).toMatchObject({ id: body.id, user_id: null, name: 'Wanjiku Kamau', email: valid.email, subject: valid.subject, message: valid.message });

    const mails = t.outbox();
    expect(mails).toHaveLength(outboxBefore + 1);
    const mail = unfoldQuotedPrintable(mails.at(-1)!);
    expect(mail).toMatch(/^To: help-desk@soko\.co\.ke$/m);
    expect(mail).toMatch(/^Reply-To: "?Wanjiku Kamau"? <wanjiku@example\.co\.ke>$/m);
    expect(mail).toMatch(/^Subject: \[Soko contact\] Cannot edit my ad$/m);
    expect(mail).toContain('the Save Changes button on my ad for a Toyota Axio does nothing');
    expect(mail).toContain(`Reference: ${body.id}`);
  });

  it('links the message to the signed-in sender', async () => {
    const { user, token } = await t.createUser();
    const res = await post(valid, newIp(), { token });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = (await rows()).find((r) => r.id === id);
    expect(row?.user_id).toBe(user.id);
  });

  const bad: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing name', { ...valid, name: undefined }, 'name', 'Please enter your name.'],
    ['a blank name', { ...valid, name: '   ' }, 'name', 'Please enter your name.'],
    ['a name that is too long', { ...valid, name: 'x'.repeat(101) }, 'name', 'Your name must be at most 100 characters long.'],
    ['a missing e-mail', { ...valid, email: undefined }, 'email', 'Please enter a valid email address.'],
    ['an e-mail without an at-sign', { ...valid, email: 'wanjiku.example.co.ke' }, 'email', 'Please enter a valid email address.'],
    ['a blank subject', { ...valid, subject: '' }, 'subject', 'Please enter a subject.'],
    ['a subject with a line break (header injection)', { ...valid, subject: 'Hi\r\nBcc: victim@example.com' }, 'subject', 'Please use a single line without special characters.'],
    ['a subject that is too long', { ...valid, subject: 's'.repeat(151) }, 'subject', 'The subject must be at most 150 characters long.'],
    ['a missing message', { ...valid, message: undefined }, 'message', 'Please write your message.'],
    ['a message that is too short', { ...valid, message: 'help' }, 'message', 'Your message must be at least 10 characters long.'],
    ['a message that is too long', { ...valid, message: 'm'.repeat(5001) }, 'message', 'Your message must be at most 5000 characters long.'],
    ['a number instead of text', { ...valid, message: 12345678901 }, 'message', 'Please write your message.'],
  ];

  for (const [what, body, path, msg] of bad) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const before = (await rows()).length;
      const outboxBefore = t.outbox().length;
      const res = await post(body, newIp());
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.message).toBe(msg);
      expect(json.errors).toContainEqual({ msg, path });
      expect(await rows()).toHaveLength(before);
      expect(t.outbox()).toHaveLength(outboxBefore);
    });
  }

  it('lists every invalid field at once', async () => {
    const res = await post({}, newIp());
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('refuses a body that is not JSON, in the one error shape, storing nothing', async () => {
    const before = (await rows()).length;
    const form = await t.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': newIp() },
      body: new URLSearchParams(valid).toString(),
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'Send the message as JSON (Content-Type: application/json).' });
    const broken = await t.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newIp() },
      body: '{"name": "Wanjiku",',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(await rows()).toHaveLength(before);
  });

  it(`accepts ${CONTACT_LIMIT} messages an hour per IP, then answers 429 with Retry-After and stores nothing more`, async () => {
    const ip = newIp();
    // Invalid attempts do not use up the allowance: someone fixing a typo is not locked out.
    expect((await post({ ...valid, email: 'nope' }, ip)).status).toBe(400);
    const before = (await rows()).length;
    const outboxBefore = t.outbox().length;
    for (let i = 0; i < CONTACT_LIMIT; i++) expect((await post({ ...valid, subject: `Question ${i}` }, ip)).status).toBe(201);

    const refused = await post({ ...valid, subject: 'One too many' }, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      message: 'You have sent several messages in a short time. Please wait 60 minutes and try again, or e-mail us directly.',
    });
    expect(await rows()).toHaveLength(before + CONTACT_LIMIT);
    expect(t.outbox()).toHaveLength(outboxBefore + CONTACT_LIMIT);
    expect((await rows()).some((r) => r.subject === 'One too many')).toBe(false);

    // Another address is not affected.
    expect((await post(valid, newIp())).status).toBe(201);
  });

  it('keeps the message and still confirms when the mail server fails', async () => {
    const send = t.services.mailer.send;
    t.services.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await post({ ...valid, subject: 'While mail is down' }, newIp());
      expect(res.status).toBe(201);
      expect((await rows()).some((r) => r.subject === 'While mail is down')).toBe(true);
    } finally {
      t.services.mailer.send = send;
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.paths['/contact'].post.summary).toBe('Send a message to Soko support');
    expect(Object.keys(doc.paths['/contact'].post.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
  });
});
