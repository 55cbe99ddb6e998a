import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';

/**
 * The password-reset mail through a real SMTP server on loopback: what nodemailer sends over
 * the wire when SMTP_URL is set, read back and followed.
 */
type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Soko <no-reply@soko.test>' });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitFor(predicate: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('no mail arrived over SMTP');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const decode = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('account e-mail over SMTP', () => {
  it('delivers the reset mail (text and HTML) with a working link built from APP_URL, then a change notice', async () => {
    const { user } = await t.createUser({ email: 'smtp-user@example.co.ke', firstName: 'Kiprop' });
    const res = await t.request('/api/auth/forgot-password', { method: 'POST', json: { email: user.email } });
    expect(res.status).toBe(200);
    await waitFor(() => received.length >= 1);

    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@soko.test');
    expect(mail.to).toEqual(['smtp-user@example.co.ke']);
    expect(mail.data).toMatch(/^Subject: Reset your Soko password$/m);
    expect(mail.data).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.data).toMatch(/Content-Type: text\/plain/);
    expect(mail.data).toMatch(/Content-Type: text\/html/);
    expect(mail.data).toContain('Hello Kiprop');
    // Nothing is written to the outbox when SMTP is configured.
    expect(t.outbox()).toEqual([]);

    const links = decode(mail.data).match(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]+/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(2); // in the text part and the HTML part
    const link = new URL(links[0]!);
    expect(link.origin).toBe(TEST_ORIGIN);
    const token = link.searchParams.get('token')!;
    expect(token).toHaveLength(43);

    const valid = await t.request(`/api/auth/reset-password/validate?token=${token}`);
    expect(valid.status).toBe(200);
    const reset = await t.request(`/api/auth/reset-password?token=${token}`, { method: 'POST', json: { newPassword: 'via-smtp-link' } });
    expect(reset.status).toBe(200);
    const login = await t.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'via-smtp-link' } });
    expect(login.status).toBe(200);

    await waitFor(() => received.length >= 2);
    expect(received[1]!.to).toEqual(['smtp-user@example.co.ke']);
    expect(received[1]!.data).toMatch(/^Subject: Your Soko password was changed$/m);
  });

  it('sends nothing for an unknown address, with the same answer', async () => {
    const before = received.length;
    const res = await t.request('/api/auth/forgot-password', { method: 'POST', json: { email: 'nobody@example.co.ke' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'If an account with that email exists, a password reset link has been sent to your inbox.' });
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(before);
  });
});
