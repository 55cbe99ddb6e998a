import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { escapeHtml } from '../http/escape-html.ts';

/**
 * A local stand-in for Africa's Talking's SMS API, served on our own origin when no AT_API_KEY
 * is set (a developer's machine, the tests, a demo that says so with SMS_SANDBOX=true). It
 * speaks the real contract (reference/sms-providers.md, docs/sms.md): the same path, headers,
 * form fields, 201 and per-recipient status codes, so the real adapter is what talks to it.
 * Messages go nowhere but a list, shown at /sandbox/africastalking (no real phone gets them).
 */

export const SANDBOX_USERNAME = 'sandbox';
export const SANDBOX_API_KEY = 'atsk_sandbox_soko_local';

export type SandboxMessage = { id: string; to: string; from: string | null; message: string; at: string };

/** Test switches: the next messages get this recipient status code (403 InvalidPhoneNumber, 500 InternalServerError…), or the HTTP status. */
type Switches = { recipientStatus?: number; httpStatus?: number; times?: number };

const STATUS_NAMES: Record<number, string> = {
  101: 'Success',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

const KENYAN_MOBILE = /^\+254[17]\d{8}$/;
const KEEP = 200;

export type SmsSandbox = { app: Hono; messages(to?: string): SandboxMessage[] };

export function createSmsSandbox(): SmsSandbox {
  const sent: SandboxMessage[] = [];
  let switches: Switches = {};
  const app = new Hono();

  app.post('/version1/messaging', async (c) => {
    if (c.req.header('apikey') !== SANDBOX_API_KEY) return c.text('The supplied authentication is invalid', 401);
    const form = new URLSearchParams(await c.req.text());
    const username = form.get('username');
    const message = form.get('message');
    const to = (form.get('to') ?? '').split(',').map((n) => n.trim()).filter(Boolean);
    if (username !== SANDBOX_USERNAME) return c.text('The supplied authentication is invalid', 401);
    if (!message || to.length === 0) return c.text('Request is missing required form field', 400);
    const fault = takeSwitch();
    if (fault?.httpStatus) return c.text('Internal Server Error', fault.httpStatus as 500);
    const recipients = to.map((number) => {
      const statusCode = fault?.recipientStatus ?? (KENYAN_MOBILE.test(number) ? 101 : 403);
      const messageId = statusCode === 101 ? `ATXid_${randomBytes(16).toString('hex')}` : 'None';
      if (statusCode === 101) {
        sent.push({ id: messageId, to: number, from: form.get('from'), message, at: new Date().toISOString() });
        if (sent.length > KEEP) sent.shift();
      }
      return { statusCode, number, status: STATUS_NAMES[statusCode] ?? 'Failed', cost: statusCode === 101 ? 'KES 0.8000' : '0', messageId };
    });
    const accepted = recipients.filter((r) => r.statusCode === 101).length;
    return c.json({ SMSMessageData: { Message: `Sent to ${accepted}/${recipients.length} Total Cost: KES ${(accepted * 0.8).toFixed(4)}`, Recipients: recipients } }, 201);
  });

  // Test controls (only while the sandbox is mounted, which is never with real keys).
  app.get('/_control/messages', (c) => c.json(messagesTo(c.req.query('to'))));
  app.post('/_control/switches', async (c) => {
    switches = (await c.req.json().catch(() => ({}))) as Switches;
    return c.json(switches);
  });

  // What a developer reads instead of a phone.
  app.get('/', (c) => {
    const rows = [...sent].reverse().map((m) => `<tr><td>${escapeHtml(m.at)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.message)}</td></tr>`);
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>SMS sandbox — Soko</title></head>` +
        `<body style="font-family:sans-serif;margin:1rem"><h1>SMS sandbox</h1><p>Messages Soko sent while no Africa's Talking key is set. No real phone receives them.</p>` +
        `<table border="1" cellpadding="6"><thead><tr><th>Sent</th><th>To</th><th>Message</th></tr></thead><tbody>${rows.join('') || '<tr><td colspan="3">None yet.</td></tr>'}</tbody></table></body></html>`,
    );
  });

  /** The switches for one request; they last `times` requests (default one). */
  function takeSwitch(): Switches | null {
    if (!switches.recipientStatus && !switches.httpStatus) return null;
    const current = { ...switches };
    switches.times = (switches.times ?? 1) - 1;
    if (switches.times <= 0) switches = {};
    return current;
  }

  function messagesTo(to?: string) {
    return to ? sent.filter((m) => m.to === to) : [...sent];
  }
  return { app, messages: messagesTo };
}
