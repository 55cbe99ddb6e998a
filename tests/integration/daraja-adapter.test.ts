import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mpesaResultMessage } from '#kernel/mpesa-results.ts';
import { createDarajaClient, PushOutcomeUnknownError, type MpesaGateway } from '../../server/payments/mpesa/daraja.ts';
import { darajaMsisdn } from '../../server/payments/mpesa/msisdn.ts';
import {
  createDarajaSandbox,
  SANDBOX_CONSUMER_KEY,
  SANDBOX_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  type DarajaSandbox,
} from '../../server/payments/mpesa/sandbox.ts';
import { darajaPassword, darajaTimestamp } from '../../server/payments/mpesa/timestamp.ts';
import { ProviderRejectedError, ProviderUnavailableError } from '../../server/payments/provider.ts';

/**
 * The Daraja adapter against the Daraja sandbox, both over real HTTP on loopback: the sandbox
 * listens on a port, callbacks go to a second listener, and the adapter uses global fetch.
 */
let sandbox: DarajaSandbox;
let sandboxServer: ReturnType<typeof serve>;
let base = '';
const callbacks: { path: string; body: unknown }[] = [];
let receiver: http.Server;
let callbackBase = '';
// Every request the sandbox received, to count pushes and token calls.
const seen: string[] = [];
// Both clocks, the sandbox's and the adapter's, are moved together by this much.
let skewMs = 0;
const clock = () => new Date(Date.now() + skewMs);

const listening = (server: http.Server) => new Promise<number>((resolve) => server.once('listening', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      callbacks.push({ path: req.url ?? '', body: JSON.parse(raw) });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  callbackBase = `http://127.0.0.1:${await listening(receiver)}`;
  sandbox = createDarajaSandbox({ publicBaseUrl: 'http://127.0.0.1/sandbox/daraja', deliver: (u, i) => fetch(u, i), businessName: 'Soko', now: clock });
  const { Hono } = await import('hono');
  const outer = new Hono();
  outer.use('*', async (c, next) => {
    seen.push(`${c.req.method} ${new URL(c.req.url).pathname}`);
    await next();
  });
  outer.route('/', sandbox.app);
  sandboxServer = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${await listening(sandboxServer as http.Server)}`;
});
afterAll(async () => {
  await sandbox.idle();
  await new Promise((r) => sandboxServer.close(r));
  await new Promise((r) => receiver.close(r));
});
beforeEach(() => {
  sandbox.reset();
  seen.length = 0;
  callbacks.length = 0;
  skewMs = 0;
});

function client(overrides: Partial<Parameters<typeof createDarajaClient>[0]> = {}): MpesaGateway {
  return createDarajaClient({
    baseUrl: base,
    consumerKey: SANDBOX_CONSUMER_KEY,
    consumerSecret: SANDBOX_CONSUMER_SECRET,
    shortcode: SANDBOX_SHORTCODE,
    passkey: SANDBOX_PASSKEY,
    timeoutMs: 1000,
    retryDelayMs: 5,
    now: clock,
    ...overrides,
  });
}

const push = (gateway: MpesaGateway, msisdn = '254708374149', path = '/cb/secret') =>
  gateway.push({ amount: 200, msisdn, callbackUrl: `${callbackBase}${path}`, accountReference: 'AD1234ABCD', description: 'Feature ad' });

const count = (what: string) => seen.filter((s) => s === what).length;

describe('Daraja rules', () => {
  it('builds the password from shortcode, passkey and a Nairobi timestamp (Safaricom’s test vector)', () => {
    expect(darajaPassword('174379', SANDBOX_PASSKEY, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
    // 21:30 UTC is 00:30 the next day in Nairobi, whatever zone this machine is in.
    expect(darajaTimestamp(new Date('2026-05-24T21:30:05Z'))).toBe('20260525003005');
  });

  it('writes every Kenyan way of typing a number as 2547/2541 digits', () => {
    for (const typed of ['0712 345 678', '+254712345678', '254712345678', '712345678', '0112-345-678']) expect(darajaMsisdn(typed)).toMatch(/^254[17]\d{8}$/);
    expect(darajaMsisdn('0812345678')).toBeNull();
    expect(darajaMsisdn('+255712345678')).toBeNull();
  });
});

describe('the adapter against the sandbox over HTTP', () => {
  it('gets a token once and reuses it until it nears expiry', async () => {
    const gateway = client();
    const first = await push(gateway);
    await push(gateway);
    await gateway.query(first.checkoutRequestId);
    expect(count('GET /oauth/v1/generate')).toBe(1);
    skewMs = 45 * 60_000;
    await push(gateway);
    expect(count('GET /oauth/v1/generate')).toBe(1);
    // 3599 s tokens are renewed ten minutes early.
    skewMs = 50 * 60_000;
    await push(gateway);
    expect(count('GET /oauth/v1/generate')).toBe(2);
  });

  it('replaces a token Daraja no longer accepts', async () => {
    const gateway = client();
    await push(gateway);
    sandbox.revokeTokens();
    seen.length = 0;
    const ack = await push(gateway);
    expect(ack.checkoutRequestId).toMatch(/^ws_CO_/);
    // Refused once with 404.001.03, a new token, the same push again: it never reached the phone the first time.
    expect(seen).toEqual(['POST /mpesa/stkpush/v1/processrequest', 'GET /oauth/v1/generate', 'POST /mpesa/stkpush/v1/processrequest']);
  });

  it('is answered pending while the prompt is open, then with each result code, and the callback has Daraja’s shape', async () => {
    const gateway = client();
    const cases = [
      ['accept', 0],
      ['cancel', 1032],
      ['timeout', 1037],
      ['insufficient', 1],
      ['wrong-pin', 2001],
      ['unreachable', 1037],
    ] as const;
    for (const [answer, code] of cases) {
      const ack = await push(gateway, '254712345678', `/cb/${answer}`);
      expect(ack.merchantRequestId).toBeTruthy();
      expect(await gateway.query(ack.checkoutRequestId)).toEqual({ state: 'pending' });
      expect(sandbox.answer(ack.checkoutRequestId, answer)).toBe(true);
      expect(sandbox.answer(ack.checkoutRequestId, 'accept')).toBe(false);
      const final = await gateway.query(ack.checkoutRequestId);
      expect(final).toMatchObject({ state: 'final', resultCode: code, checkoutRequestId: ack.checkoutRequestId, merchantRequestId: ack.merchantRequestId });
      await sandbox.idle();
      const cb = callbacks.find((c) => c.path === `/cb/${answer}`)!.body as { Body: { stkCallback: Record<string, unknown> } };
      const stk = cb.Body.stkCallback;
      expect(stk).toMatchObject({ MerchantRequestID: ack.merchantRequestId, CheckoutRequestID: ack.checkoutRequestId, ResultCode: code });
      expect(typeof stk.ResultCode).toBe('number');
      if (code === 0) {
        const items = (stk.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] }).Item;
        expect(items.find((i) => i.Name === 'Amount')?.Value).toBe(200);
        expect(items.find((i) => i.Name === 'PhoneNumber')?.Value).toBe(254712345678);
        expect(items.find((i) => i.Name === 'Balance')).toEqual({ Name: 'Balance' });
      } else {
        expect(stk.CallbackMetadata).toBeUndefined();
        // Each failure has a message of its own for the seller.
        expect(mpesaResultMessage(code, String(stk.ResultDesc))).not.toMatch(/code \d/);
      }
    }
    const timeoutDesc = (await gateway.query((await answered(gateway, 'timeout')).checkoutRequestId)) as { resultDesc: string };
    const unreachableDesc = (await gateway.query((await answered(gateway, 'unreachable')).checkoutRequestId)) as { resultDesc: string };
    expect(mpesaResultMessage(1037, timeoutDesc.resultDesc)).not.toBe(mpesaResultMessage(1037, unreachableDesc.resultDesc));
  });

  async function answered(gateway: MpesaGateway, answer: Parameters<DarajaSandbox['answer']>[1]) {
    const ack = await push(gateway);
    sandbox.answer(ack.checkoutRequestId, answer);
    return ack;
  }

  it('refuses a timestamp in the server’s own zone instead of Nairobi’s, as Daraja does', async () => {
    // A clock three hours off is what a UTC server that forgets the zone sends.
    const gateway = client({ now: () => new Date(Date.now() + 3 * 60 * 60_000) });
    await expect(push(gateway)).rejects.toThrow(/Invalid Timestamp/);
  });

  it('never repeats a push, and says its outcome is unknown when the answer is lost', async () => {
    const gateway = client();
    await push(gateway); // a token first
    seen.length = 0;
    sandbox.setSwitches({ failNext: 1 });
    await expect(push(gateway)).rejects.toBeInstanceOf(PushOutcomeUnknownError);
    expect(count('POST /mpesa/stkpush/v1/processrequest')).toBe(1);
    sandbox.setSwitches({ delayMs: 1500 });
    await expect(push(gateway)).rejects.toBeInstanceOf(PushOutcomeUnknownError);
    expect(count('POST /mpesa/stkpush/v1/processrequest')).toBe(2);
  });

  it('passes on Daraja’s refusal of a push', async () => {
    await expect(push(client(), '254812345678')).rejects.toBeInstanceOf(ProviderRejectedError);
    await expect(push(client(), '254812345678')).rejects.toThrow(/Invalid PhoneNumber/);
  });

  it('retries a query at most twice, then gives up without a verdict', async () => {
    const gateway = client();
    const ack = await push(gateway);
    seen.length = 0;
    sandbox.setSwitches({ failNext: 2 });
    expect(await gateway.query(ack.checkoutRequestId)).toEqual({ state: 'pending' });
    expect(count('POST /mpesa/stkpushquery/v1/query')).toBe(3);
    seen.length = 0;
    sandbox.setSwitches({ failNext: 3 });
    await expect(gateway.query(ack.checkoutRequestId)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(count('POST /mpesa/stkpushquery/v1/query')).toBe(3);
  });

  it('times out a query that hangs', async () => {
    const gateway = client({ timeoutMs: 200, queryRetries: 0 });
    const ack = await push(gateway);
    sandbox.setSwitches({ delayMs: 1000 });
    const started = Date.now();
    await expect(gateway.query(ack.checkoutRequestId)).rejects.toThrow(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('cannot get a token with the wrong secret', async () => {
    await expect(push(client({ consumerSecret: 'wrong' }))).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
