import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitFor, FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '../../server/http/body-limit.ts';
import { listen, type RunningServer } from '../../server/http/serve.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { catalogFor } from '../../server/i18n.ts';

/**
 * Every route has a body limit that fits it, and a body over it is refused with 413 before the
 * rest is read: the declared length at once, a chunked body as it streams. Driven over a real
 * socket, because "before the rest is read" is about the connection.
 */
let t: TestApp;
let server: RunningServer;

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app.fetch, { hostname: '127.0.0.1', port: 0, logger: t.services.logger, onDrained: async () => {} });
});
afterAll(async () => {
  await server?.shutdown('test');
  await t?.close();
});

/** Sends the head and then body chunks until the server answers; returns the answer and how much was sent. */
function raw(head: string, chunks: () => Buffer | null): Promise<{ response: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let response = '';
    let sent = 0;
    let answered = false;
    socket.on('error', () => {}); // the server may close while we still write: that is the point
    socket.on('data', (c: Buffer) => {
      response += c.toString('latin1');
      answered = true;
    });
    socket.on('close', () => resolve({ response, sent }));
    socket.setTimeout(10_000, () => reject(new Error('no answer')));
    socket.write(head);
    const pump = () => {
      while (!answered && !socket.destroyed) {
        const chunk = chunks();
        if (!chunk) return;
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

const MB = 1024 * 1024;

describe('body limits', () => {
  it('fit the route: small for the JSON API and page forms, ten photos for the ad routes, and only as multipart', () => {
    const MULTIPART = 'multipart/form-data; boundary=x';
    expect(FORM_BODY_LIMIT).toBe(64 * 1024);
    expect(UPLOAD_BODY_LIMIT).toBe(101 * MB);
    expect(bodyLimitFor('POST', '/api/auth/login', 'application/json')).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/contact-form', 'application/x-www-form-urlencoded')).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/contact-form', MULTIPART)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/listings', MULTIPART)).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor('PUT', '/api/listings/3f1c', MULTIPART)).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/post-ad', MULTIPART)).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/post-ad.data', MULTIPART)).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/listings/3f1c/phone', MULTIPART)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('DELETE', '/api/listings/3f1c', MULTIPART)).toBe(FORM_BODY_LIMIT);
    // The photo routes' text bodies (the API's JSON edit, a form without files) are small.
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain', '']) {
      expect(bodyLimitFor('POST', '/api/listings', type)).toBe(FORM_BODY_LIMIT);
      expect(bodyLimitFor('PUT', '/api/listings/3f1c', type)).toBe(FORM_BODY_LIMIT);
      expect(bodyLimitFor('POST', '/post-ad', type)).toBe(FORM_BODY_LIMIT);
    }
  });

  // Issue 49, point 5: these were read whole (up to 101 MB) before the sign-in was checked.
  const photoRoutes = [
    { method: 'POST', target: '/api/listings' },
    { method: 'PUT', target: '/api/listings/3f1c2a4e-0000-4000-8000-000000000000' },
    { method: 'POST', target: '/post-ad' },
  ];
  const textTypes = ['application/json', 'application/x-www-form-urlencoded'];
  for (const { method, target } of photoRoutes) {
    for (const type of textTypes) {
      it(`refuses an anonymous 100 MB ${type} body to ${method} ${target.replace(/[0-9a-f-]{36}/, ':id')} with an early 413`, async () => {
        const declared = await raw(
          `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: ${type}\r\nContent-Length: ${100 * MB}\r\n\r\n`,
          () => null,
        );
        expect(declared.sent).toBe(0);
        expect(declared.response).toMatch(/^HTTP\/1\.1 413/);
        expect(declared.response).toContain('at most 64 KB');
        let n = 0;
        const chunked = await raw(
          `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`,
          () => (n++ < 6_400 ? Buffer.from(`4000\r\n${'a'.repeat(0x4000)}\r\n`) : null),
        );
        // A page form sent as JSON is refused as soon as its head is read (415, server/http/input-guard.ts).
        const pageAsJson = target === '/post-ad' && type === 'application/json';
        expect(chunked.response).toMatch(pageAsJson ? /^HTTP\/1\.1 415/ : /^HTTP\/1\.1 413/);
        if (!pageAsJson) expect(chunked.response).toContain('at most 64 KB');
        expect(chunked.sent).toBeLessThan(64 * MB);
      });
    }
  }

  it('refuses a declared 100 MB JSON body with 413 before reading it, and closes the connection', async () => {
    const { response, sent } = await raw(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${100 * MB}\r\n\r\n`,
      () => null,
    );
    expect(sent).toBe(0);
    expect(response).toMatch(/^HTTP\/1\.1 413/);
    expect(response).toMatch(/^connection: close$/im);
    expect(response).toContain('{"message":"The request is too large: at most 64 KB can be sent here."}');
  });

  it('refuses a chunked body as soon as it passes the limit', async () => {
    let n = 0;
    const { response, sent } = await raw(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      () => (n++ < 100_000 ? Buffer.from(`4000\r\n${'a'.repeat(0x4000)}\r\n`) : null),
    );
    expect(response).toMatch(/^HTTP\/1\.1 413/);
    expect(response).toContain('at most 64 KB');
    // Far less than the 1.6 GB the client was ready to send.
    expect(sent).toBeLessThan(64 * MB);
  });

  it('answers a page form over the limit with a 413 page', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/contact-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TEST_ORIGIN },
      body: `message=${'b'.repeat(FORM_BODY_LIMIT)}`,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('The request is too large: at most 64 KB can be sent here.');
  });

  it('lets an ad with photos be larger, up to ten photos of 10 MB', async () => {
    const big = await raw(
      `POST /api/listings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${102 * MB}\r\n\r\n`,
      () => null,
    );
    expect(big.response).toMatch(/^HTTP\/1\.1 413/);
    expect(big.response).toContain('at most 10 images of 10 MB each');
    // 5 MB is within the ad's allowance: the route answers (here: not signed in), not the limit.
    const res = await t.app.request(`${TEST_ORIGIN}/api/listings`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: new Uint8Array(5 * MB),
    });
    expect(res.status).toBe(401);
  });
});

describe('hostile bytes at the edge', () => {
  it('refuses broken escapes, invalid UTF-8 and control characters in the address with 400 and a message', async () => {
    for (const path of ['/api/listings?search=%zz', '/api/listings?search=%C3%28', '/api/listings?search=a%00b', '/api/listings?search=a%0d%0ab', '/api/listings/%E2%82']) {
      const res = await t.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ message: 'The address is not valid: it has a broken %-escape or characters that are not allowed.' });
    }
    const page = await t.app.request(`${TEST_ORIGIN}/listings?search=%00`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('The address is not valid');
    // A Swahili page's refusal is a Swahili page (issue 45), with its way home under /sw.
    const swahili = await t.app.request(`${TEST_ORIGIN}/sw/listings?search=%00`);
    expect(swahili.status).toBe(400);
    const html = await swahili.text();
    expect(html).toContain('<html lang="sw">');
    expect(html).toContain(catalogFor('sw').errors.badAddress);
    expect(html).toContain(`<a href="/sw/">${catalogFor('sw').errors.refusalGoHome}</a>`);
    expect(html).not.toContain('Bad Request');
  });

  it('refuses NUL and invalid UTF-8 in JSON and form bodies, and writes nothing', async () => {
    const nul = await t.request('/api/contact', { method: 'POST', json: { name: 'A\u0000', email: 'a@example.co.ke', subject: 'Hi', message: 'Long enough message' } });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ message: 'Text must not contain NUL characters.' });
    const bad = await t.request('/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'The request body is not valid UTF-8 text.' });
    const form = await t.app.request(`${TEST_ORIGIN}/contact-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TEST_ORIGIN },
      body: 'name=A%00&email=a%40example.co.ke&subject=Hi&message=Long+enough+message',
    });
    expect(form.status).toBe(400);
    const notForm = await t.app.request(`${TEST_ORIGIN}/contact-form`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN }, body: '{}' });
    expect(notForm.status).toBe(415);
    const stored = await t.services.db.execute('select count(*)::int as n from contact_messages');
    expect((stored as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
