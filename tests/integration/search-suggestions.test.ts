import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { listings } from '../../server/db/schema/index.ts';
import { hasSuggestionWords, refreshSuggestionWords } from '../../server/search/database/database-suggest.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';

/*
 * Suggestions in the header search (issue 42, point 2), on both engines: the memory index
 * (SEARCH_INDEX=memory, loaded) and the database (SEARCH_INDEX=off, its table of words refreshed
 * as the job does).
 */

type Suggestion = { kind: string; text: string; url: string; category?: string; subcategory?: string | null };

for (const engine of ['memory', 'database'] as const) {
  describe(`suggestions from the ${engine}`, () => {
    let t: TestApp;
    let ids: Record<string, string>;
    const refresh = async () => {
      if (engine === 'database') await refreshSuggestionWords(t.services.db);
    };

    beforeAll(async () => {
      t = await createTestApp({ SEARCH_INDEX: engine === 'memory' ? 'memory' : 'off' });
      if (engine === 'memory') expect(t.services.searchIndex?.loaded).toBe(true);
      else expect(t.services.searchIndex).toBeUndefined();
      const owner = (await t.createUser()).user.id;
      const ads = [
        // "toyota" in three ads, "toyotas" in one, "toys" in two: the commonest first.
        { key: 'a', title: 'Toyota Axio 2014', description: 'Clean, automatic', category: 'Cars & Vehicles' },
        { key: 'b', title: 'Toyota Vitz', description: 'Low mileage', category: 'Cars & Vehicles' },
        { key: 'c', title: 'Toyota Probox', description: 'Two toyotas available', category: 'Cars & Vehicles' },
        { key: 'd', title: 'Wooden toys', description: 'For toddlers', category: 'For Sale' },
        { key: 'e', title: 'Plastic toys set', description: 'Call 0712345678 or write to wanjiku.toys@gmail.com', category: 'For Sale' },
        // Words only in ads the public does not see.
        { key: 'sold', title: 'Toyoshima lamp', description: 'Vintage', category: 'Furniture', status: 'sold' as const },
        { key: 'hidden', title: 'Toyhouse kit', description: 'Scam', category: 'For Sale', status: 'hidden' as const },
        { key: 'expired', title: 'Toyboxer figure', description: 'Rare', category: 'For Sale', status: 'expired' as const },
        // Twelve words of one prefix: at most eight come back.
        ...Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, title: `Kibanda${String.fromCharCode(97 + i)} stall`, description: 'Market stall', category: 'Services' })),
        // A word that will be hidden later, in one ad.
        { key: 'later', title: 'Toyfinder gadget', description: 'Finds toys', category: 'Electronics' },
      ];
      const rows = await insertRows(
        t,
        owner,
        ads.map(({ key: _key, ...a }, i) => ({ location: 'Ruiru, Kiambu', createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)), ...a })),
      );
      ids = Object.fromEntries(ads.map((a, i) => [a.key, rows[i]!.id]));
      await refresh();
    });
    afterAll(async () => {
      await t?.close();
    });

    async function suggest(q: string): Promise<Suggestion[]> {
      const res = await t.request(`/api/listings/suggest?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      return (await res.json()) as Suggestion[];
    }
    const texts = (s: Suggestion[]) => s.map((x) => x.text);

    it('gives the active ads\' words of the prefix, commonest first, never one only in sold, hidden or expired ads', async () => {
      const got = await suggest('toy');
      expect(texts(got)).toEqual(['toyota', 'toys', 'toyfinder', 'toyotas']);
      expect(got[0]).toEqual({ kind: 'word', text: 'toyota', url: '/products?search=toyota' });
      for (const word of ['toyoshima', 'toyhouse', 'toyboxer']) expect(texts(await suggest(word.slice(0, 5)))).not.toContain(word);
      // The same words typed in capitals.
      expect(texts(await suggest('TOYO'))).toEqual(['toyota', 'toyotas']);
    });

    it('puts categories and subcategories whose names start with what was typed first', async () => {
      const got = await suggest('ca');
      expect(got.slice(0, 2)).toEqual([
        { kind: 'category', text: 'Cars & Vehicles', category: 'Cars & Vehicles', subcategory: null, url: '/listings?category=Cars%20%26%20Vehicles' },
        { kind: 'subcategory', text: 'Cars', category: 'Cars & Vehicles', subcategory: 'Cars', url: '/listings?category=Cars%20%26%20Vehicles&subcategory=Cars' },
      ]);
      expect(texts(got)).toEqual(['Cars & Vehicles', 'Cars', 'Cats', 'Cameras', 'call']);
      expect(texts(await suggest('pho'))).toEqual(['Photography', 'Phones']);
      expect((await suggest('kib')).every((s) => s.kind === 'word')).toBe(true);
    });

    if (engine === 'database') {
      it('says whether a refresh left words (a start counts them only if none are kept: server/main.ts)', async () => {
        expect(await hasSuggestionWords(t.services.db)).toBe(true);
        await t.services.db.execute(sql`DELETE FROM search_suggestion_words`);
        expect(await hasSuggestionWords(t.services.db)).toBe(false);
        await refreshSuggestionWords(t.services.db);
        expect(await hasSuggestionWords(t.services.db)).toBe(true);
      });
    }

    it('gives eight at most', async () => {
      const got = await suggest('kibanda');
      expect(got).toHaveLength(8);
      expect(got.every((s) => s.text.startsWith('kibanda'))).toBe(true);
    });

    it('completes the last word and keeps the words before it', async () => {
      expect(texts(await suggest('toyota ax'))).toEqual(['toyota axio']);
      expect((await suggest('toyota ax'))[0]!.url).toBe('/products?search=toyota%20axio');
    });

    it('never suggests pieces of phone numbers or e-mail addresses', async () => {
      expect(await suggest('07')).toEqual([]);
      expect(await suggest('0712')).toEqual([]);
      expect(texts(await suggest('gm'))).toEqual([]);
      // The name before the @ is a word of the ad like any other; the mail service's name is not.
      expect(texts(await suggest('wanj'))).toEqual(['wanjiku']);
    });

    it('drops a word at once when its only ad is hidden or sold', async () => {
      expect(texts(await suggest('toyf'))).toEqual(['toyfinder']);
      await t.services.db.update(listings).set({ status: 'hidden' }).where(eq(listings.id, ids.later!));
      // No refresh of the database's table: the hidden ad's word must go all the same.
      expect(await suggest('toyf')).toEqual([]);
      await t.services.db.update(listings).set({ status: 'sold' }).where(inArray(listings.id, [ids.d!, ids.e!]));
      // A word of few ads is checked against the active ads on the database too.
      expect(await suggest('toys')).toEqual([]);
    });

    it('refuses fewer than two characters with the one error shape, and changes nothing', async () => {
      for (const q of ['', 't', '  t  ']) {
        const res = await t.request(`/api/listings/suggest?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: 'Type at least 2 characters to get suggestions.', errors: [{ path: 'q', msg: 'Type at least 2 characters to get suggestions.' }] });
      }
      const res = await t.request('/api/listings/suggest');
      expect(res.status).toBe(400);
      const [count] = await queryRows<{ n: number }>(t.services.db, sql`SELECT count(*)::int AS n FROM listings`);
      expect(count!.n).toBe(21);
    });

    it('answers text no ad holds without a fault', async () => {
      // As sent: NUL, invalid UTF-8 (a lone surrogate's bytes, a cut sequence), then plain text.
      const raw = ['to%00y', '%ED%A0%80toy', 'toy%F0', ...['x'.repeat(20_000), "' OR 1=1 --", '%_', '😀😀'].map(encodeURIComponent)];
      for (const q of raw) {
        const res = await t.request(`/api/listings/suggest?q=${q}`);
        expect([200, 400]).toContain(res.status);
      }
      expect(await suggest('😀😀')).toEqual([]);
    });

    it('is in the OpenAPI document', async () => {
      const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
      expect(doc.paths['/listings/suggest']).toBeDefined();
    });
  });
}
