import { Hono } from 'hono';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions.ts';
import { chooseEncoding, compression } from '../../server/http/compression.ts';
import { migrate } from '../../server/db/migrate.ts';
import { queryRows } from '../../server/db/client.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('database', () => {
  it('has every table of the data model, with pg_trgm loaded', async () => {
    const tables = await queryRows<{ table_name: string }>(
      t.services.db,
      "select table_name from information_schema.tables where table_schema = current_schema() order by table_name",
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'password_resets', 'listings', 'listing_images', 'payments', 'webhook_events', 'contact_messages']),
    );
    const ext = await queryRows<{ extname: string }>(t.services.db, "select extname from pg_extension where extname = 'pg_trgm'");
    expect(ext).toHaveLength(1);
  });

  it('applies migrations once: a second run changes nothing', async () => {
    expect(await migrate(t.database)).toEqual([]);
  });
});

describe('GET /api/health', () => {
  it('answers ok with the database reachable', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ status: 'error', db: 'error', reason: expect.stringMatching(/^database unavailable: .*(PGlite is closed|pool after calling end)/) });
    await other.close();
  });
});

describe('HTTP floor', () => {
  it('sends security headers and a request id', async () => {
    const res = await t.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives the API a policy that allows no script and nothing from anywhere, and makes no nonce for it", async () => {
    const policy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    const res = await t.request('/api/listings?search=anything');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(policy);
    // Its one page is styled inline (server/api/docs.ts).
    const docs = await t.request('/api/docs');
    expect(await docs.text()).toContain('<style>');
    expect(docs.headers.get('content-security-policy')).toBe(policy);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses JSON in one body with its length and every header kept: brotli where preferred, else gzip', async () => {
    const plain = await t.request('/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const expected = await plain.text();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['br;q=1, gzip;q=0.8', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.request('/api/openapi.json', { headers: { 'Accept-Encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(expected.length / 3);
      expect(decode(body).toString('utf8')).toBe(expected);
    }
  });

  it('leaves JSON uncompressed when no encoding it knows is accepted or the body is tiny', async () => {
    for (const accept of ['gzip;q=0', 'br;q=0, gzip;q=0', 'identity', 'deflate']) {
      const refused = await t.request('/api/openapi.json', { headers: { 'Accept-Encoding': accept } });
      expect(refused.headers.get('content-encoding'), accept).toBeNull();
      expect(JSON.parse(await refused.text())).toHaveProperty('openapi');
    }
    const tiny = await t.request('/api/health', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.json()).toMatchObject({ status: 'ok' });
  });

  it('picks the encoding the client weighs higher, brotli on a tie', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.9')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('deflate, identity')).toBeNull();
  });

  it('compresses a streamed page as it streams: what is written leaves before the rest is ready', async () => {
    for (const [accept, decompressor] of [
      ['gzip, deflate, br', createBrotliDecompress],
      ['gzip', createGunzip],
    ] as const) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const app = new Hono();
      app.use(compression());
      app.get('/page', () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            // A renderer writes its shell in many small pieces, then waits for the rest.
            for (let i = 0; i < 50; i++) controller.enqueue(encoder.encode(`<p>shell part ${i}</p>`));
            await held;
            controller.enqueue(encoder.encode('<p>the rest</p></html>'));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
      });
      const res = await app.request('/page', { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(accept === 'gzip' ? 'gzip' : 'br');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      const inflate = decompressor();
      let text = '';
      inflate.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      const reader = res.body!.getReader();
      // Everything of the shell arrives, decodable, while the page is still being written.
      while (!text.includes('shell part 49')) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        await new Promise<void>((resolve) => inflate.write(value, () => resolve()));
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(text).not.toContain('the rest');
      release();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        inflate.write(value);
      }
      await new Promise((resolve) => inflate.end(resolve));
      expect(text).toMatch(/^<p>shell part 0<\/p>.*<p>the rest<\/p><\/html>$/);
    }
  });

  it('answers unknown API paths with a JSON 404 in the one error shape', async () => {
    const res = await t.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });

  it('refuses cookie-authenticated state changes from another origin', async () => {
    const { user } = await t.createUser();
    const { token } = await createSession(t.services.db, user.id, { persistent: false });
    const res = await t.request('/api/health', {
      method: 'POST',
      headers: { Cookie: `soko_session=${token}`, Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Cross-site request refused.' });
  });

  it('lets same-origin and bearer requests through the origin check', async () => {
    const same = await t.request('/api/health', { method: 'POST', headers: { Origin: TEST_ORIGIN } });
    expect(same.status).not.toBe(403);
    const bearer = await t.request('/api/health', { method: 'POST', headers: { Origin: 'https://evil.example' }, token: 'x' });
    expect(bearer.status).not.toBe(403);
  });

  it('publishes an OpenAPI 3.1 document and a readable index of it', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health']).toBeDefined();
    const html = await (await t.request('/api/docs')).text();
    expect(html).toContain('/api/health');
  });
});

describe('malformed requests', () => {
  it('answers a JSON body that does not parse with 400 in the error shape, not 500', async () => {
    const { token } = await t.createUser();
    // An endpoint that leaves JSON parsing to the OpenAPI validator (Hono's HTTPException).
    const res = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).message).toBe('string');
  });
});

describe('media files', () => {
  it('are served with immutable caching, and a missing one is a 404 with the placeholder picture, cached briefly', async () => {
    await t.services.media.put('abc-400.webp', Buffer.from('RIFF0000WEBP'));
    const res = await t.request('/media/abc-400.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await t.request('/media/nope-400.webp');
    expect(missing.status).toBe(404);
    // A page's <img> shows the grey placeholder, never a broken image (docs/decisions/media-stores.md); a
    // file written a moment later (a derived size being made) is found within a minute.
    expect(missing.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
