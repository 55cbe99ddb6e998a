import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { mailOutbox } from '../../server/db/schema/index.ts';
import { createJobRunner } from '../../server/jobs/job-runner.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createOutboxMailer, type Outbox } from '../../server/mail/outbox.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';

/**
 * Nothing lost: every e-mail is stored in mail_outbox before it is sent, and a background
 * job (deliverDue on the job runner, as server/main.ts runs it) retries with backoff. Driven through a real SMTP server on loopback that is stopped
 * and started like a real mail server going down and coming back.
 */
type Received = { to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer | undefined;
let port = 0;
let t: TestApp;
let outbox: Outbox;

async function startSmtp(): Promise<void> {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // A mailbox that does not exist: a permanent refusal.
      if (address.address.startsWith('nobody-here@')) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  smtp = server;
}

async function stopSmtp(): Promise<void> {
  const server = smtp;
  smtp = undefined;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Row = { id: number; attempts: number; last_error: string | null; failed_at: Date | null; due_in_seconds: number; subject: string };
const rows = () =>
  queryRows<Row>(
    t.services.db,
    sql`select id, attempts, last_error, failed_at, extract(epoch from next_attempt_at - now())::float as due_in_seconds, message->>'subject' as subject
        from mail_outbox order by id`,
  );
const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));

beforeAll(async () => {
  await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Soko <no-reply@soko.test>' });
  outbox = t.services.mailer as Outbox;
});

afterAll(async () => {
  await t?.close();
  await stopSmtp();
});

describe('mail outbox', () => {
  it('a reset requested while SMTP is down is kept, retried with backoff, and delivered when SMTP returns', async () => {
    const { user } = await t.createUser({ email: 'outage@example.co.ke', firstName: 'Njeri' });
    await stopSmtp();

    const res = await t.request('/api/auth/forgot-password', { method: 'POST', json: { email: user.email } });
    expect(res.status).toBe(200);
    // The first attempt failed and the message waits, due again in about 30 s.
    const [row] = await waitFor('a failed first attempt', async () => {
      const r = await rows();
      return r.length === 1 && r[0]!.attempts === 1 && r[0]!.last_error ? r : undefined;
    });
    expect(row!.subject).toBe('Reset your Soko password');
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.due_in_seconds).toBeGreaterThan(20);
    expect(row!.due_in_seconds).toBeLessThan(31);
    expect(mailsTo(user.email)).toEqual([]);

    await startSmtp();
    const jobs = createJobRunner({ logger: t.services.logger });
    jobs.every('mail outbox', 50, () => outbox.deliverDue(), { runAtStart: true });
    try {
      // Not before it is due...
      await outbox.deliverDue();
      expect(mailsTo(user.email)).toEqual([]);
      // ...and once the backoff has passed, the background job sends it.
      await t.services.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
      const [mail] = await waitFor('the reset mail', () => (mailsTo(user.email).length ? mailsTo(user.email) : undefined));
      expect(mail!.data).toMatch(/^Subject: Reset your Soko password$/m);
      await waitFor('the row to go', async () => ((await rows()).length === 0 ? true : undefined));
      // The link still works.
      const link = mail!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=').match(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]+/)![0];
      expect(link.startsWith(TEST_ORIGIN)).toBe(true);
      const token = new URL(link).searchParams.get('token')!;
      expect((await t.request(`/api/auth/reset-password/validate?token=${token}`)).status).toBe(200);
    } finally {
      await jobs.stop();
    }
  });

  it('backs off exponentially, up to 15 minutes between attempts', async () => {
    await stopSmtp();
    try {
      await t.services.mailer.send({ to: 'backoff@example.co.ke', subject: 'Backoff', text: 'x' });
      const due: number[] = [];
      for (let attempt = 1; attempt <= 8; attempt++) {
        const [row] = (await rows()).filter((r) => r.subject === 'Backoff');
        expect(row!.attempts).toBe(attempt);
        due.push(Math.round(row!.due_in_seconds / 30) * 30);
        await t.services.db.execute(sql`update mail_outbox set next_attempt_at = now() where id = ${row!.id}`);
        await outbox.deliverDue();
      }
      expect(due).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    } finally {
      await startSmtp();
      await t.services.db.execute(sql`delete from mail_outbox`);
    }
  });

  it('gives up at once on a permanent refusal, and keeps the row for the operator', async () => {
    await t.services.mailer.send({ to: 'nobody-here@example.co.ke', subject: 'Refused', text: 'x' });
    const [row] = await waitFor('the refusal', async () => {
      const r = (await rows()).filter((x) => x.subject === 'Refused');
      return r[0]?.failed_at ? r : undefined;
    });
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toMatch(/550/);
    await t.services.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await outbox.deliverDue();
    expect((await rows()).find((r) => r.subject === 'Refused')!.attempts).toBe(1);
    await t.services.db.execute(sql`delete from mail_outbox`);
  });

  it('sends what an earlier process stored but never sent, once, even with two workers', async () => {
    // As a crash leaves it: stored, claimed by a worker whose lease has run out, not sent.
    await t.services.db.insert(mailOutbox).values([
      { message: { to: 'crash-1@example.co.ke', subject: 'Left behind 1', text: 'x' } },
      { message: { to: 'crash-2@example.co.ke', subject: 'Left behind 2', text: 'x' }, attempts: 1, lockedUntil: new Date(Date.now() - 1000) },
    ]);
    const other = createOutboxMailer({
      db: t.services.db,
      transport: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Soko <no-reply@soko.test>', outboxDir: t.config.outboxDir }, t.services.logger),
      logger: t.services.logger,
    });
    const sent = await Promise.all([outbox.deliverDue(), other.deliverDue()]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(mailsTo('crash-1@example.co.ke')).toHaveLength(1);
    expect(mailsTo('crash-2@example.co.ke')).toHaveLength(1);
    expect(await rows()).toEqual([]);
    other.close();
  });

  it('flush at shutdown sends what is due', async () => {
    await t.services.db.insert(mailOutbox).values({ message: { to: 'flush@example.co.ke', subject: 'At shutdown', text: 'x' } });
    await outbox.flush();
    expect(mailsTo('flush@example.co.ke')).toHaveLength(1);
    expect(await rows()).toEqual([]);
  });
});
