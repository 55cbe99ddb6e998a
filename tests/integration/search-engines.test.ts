import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessRoutes } from '../../server/api/readiness.ts';
import { queryRows } from '../../server/db/client.ts';
import { listings } from '../../server/db/schema/index.ts';
import { createDraining } from '../../server/http/draining.ts';
import { createLogger } from '../../server/logger.ts';
import { createSearchIndex, indexCeiling } from '../../server/search/memory/search-index.ts';
import type { EngineQuery, SearchEngine } from '../../server/search/search-engine.ts';
import { commonWords, warmUpSearch } from '../../server/search/warm-up.ts';
import { engineQuery, searchListings } from '../../server/search/search.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';

/*
 * The search module's two engines behind one entry point (issue 41): what the memory index
 * answers is still shown only if active when the page is read, the index says when it is ready
 * and when it is stale, compares itself with the database, and stays within its ceiling.
 */

let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await t.createUser()).user.id;
});
afterAll(async () => {
  await t?.close();
});

const titles = (page: { items: { title: string }[] }) => page.items.map((l) => l.title);

describe('one entry point, two engines', () => {
  it('sends what the memory engine cannot answer to the database, and answers the same either way', async () => {
    await insertRows(t, ownerId, [
      { title: 'Quokka plush toy', createdAt: new Date(Date.UTC(2026, 1, 1)) },
      { title: 'Quokka poster', createdAt: new Date(Date.UTC(2026, 1, 2)), subcategory: null },
    ]);
    const index = t.services.searchIndex!;
    expect(index.canAnswer(engineQuery({ search: 'quokka' }))).toBe(true);
    expect(index.canAnswer(engineQuery({ subcategory: 'Cars' }))).toBe(false);
    const fromIndex = await searchListings(t.services.db, { search: 'quokka' }, { index });
    const fromDatabase = await searchListings(t.services.db, { search: 'quokka' });
    expect(titles(fromIndex)).toEqual(['Quokka poster', 'Quokka plush toy']);
    expect(titles(fromDatabase)).toEqual(titles(fromIndex));
  });
});

describe('active ads only, on the index path too', () => {
  it('an ad sold between the index answering and the page being read is not shown', async () => {
    const [sold, kept] = await insertRows(t, ownerId, [
      { title: 'Wombat lamp sold', createdAt: new Date(Date.UTC(2026, 2, 2)) },
      { title: 'Wombat lamp kept', createdAt: new Date(Date.UTC(2026, 2, 1)) },
    ]);
    const index = t.services.searchIndex!;
    // The real memory engine; the ad is sold right after it answers, before the page is read.
    const sellsInBetween: SearchEngine = {
      name: 'memory, then a sale',
      canAnswer: (query) => index.canAnswer(query),
      async find(query) {
        const answer = await index.find(query);
        await t.services.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold!.id));
        return answer;
      },
    };
    const page = await searchListings(t.services.db, { search: 'wombat' }, { index: sellsInBetween });
    expect(titles(page)).toEqual(['Wombat lamp kept']);
    expect(page.items.map((l) => l._id)).toEqual([kept!.id]);
    // Hidden and expired ads the same way.
    for (const status of ['hidden', 'expired'] as const) {
      await t.services.db.update(listings).set({ status: 'active' }).where(eq(listings.id, sold!.id));
      const hides: SearchEngine = { ...sellsInBetween, find: async (query) => {
        const answer = await index.find(query);
        await t.services.db.update(listings).set({ status }).where(eq(listings.id, sold!.id));
        return answer;
      } };
      expect(titles(await searchListings(t.services.db, { search: 'wombat' }, { index: hides }))).toEqual(['Wombat lamp kept']);
    }
  });
});

describe('self-check', () => {
  it('a write that fires no trigger (triggers disabled) is caught, reloaded, and searches are right again', async () => {
    const index = t.services.searchIndex!;
    const [ad] = await insertRows(t, ownerId, [{ title: 'Pangolin carving', createdAt: new Date(Date.UTC(2026, 3, 1)) }]);
    expect(titles(await searchListings(t.services.db, { search: 'pangolin' }, { index }))).toEqual(['Pangolin carving']);
    expect((await index.selfCheck()).result).toBe('agree');

    await queryRows(t.services.db, sql`ALTER TABLE listings DISABLE TRIGGER listings_search_index_updated`);
    try {
      await t.services.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, ad!.id));
    } finally {
      await queryRows(t.services.db, sql`ALTER TABLE listings ENABLE TRIGGER listings_search_index_updated`);
    }
    // No note: the index still holds the ad (the page read leaves it out, the count does not).
    expect((await searchListings(t.services.db, { search: 'pangolin' }, { index })).total).toBe(1);

    const check = await index.selfCheck();
    expect(check.result).toBe('differ');
    expect(check.index!.ads).toBe(check.database!.ads + 1);
    // Until the reload is done the database answers; after it, the index again, rightly.
    expect(index.readiness().stale).toBe(true);
    expect(index.canAnswer(engineQuery({ search: 'pangolin' }))).toBe(false);
    expect((await searchListings(t.services.db, { search: 'pangolin' }, { index })).total).toBe(0);
    for (let i = 0; i < 200 && index.readiness().stale; i++) await new Promise((r) => setTimeout(r, 25));
    expect(index.readiness()).toMatchObject({ state: 'ready', ready: true, stale: false });
    expect(index.canAnswer(engineQuery({ search: 'pangolin' }))).toBe(true);
    expect((await searchListings(t.services.db, { search: 'pangolin' }, { index })).total).toBe(0);
    expect((await index.selfCheck()).result).toBe('agree');
  });

  it('a price changed without a note is caught too (the checksum, not only the count)', async () => {
    const index = t.services.searchIndex!;
    const [ad] = await insertRows(t, ownerId, [{ title: 'Aardvark mug', price: 500, createdAt: new Date(Date.UTC(2026, 3, 2)) }]);
    expect((await index.selfCheck()).result).toBe('agree');
    await queryRows(t.services.db, sql`ALTER TABLE listings DISABLE TRIGGER listings_search_index_updated`);
    try {
      await t.services.db.update(listings).set({ price: 700 }).where(eq(listings.id, ad!.id));
    } finally {
      await queryRows(t.services.db, sql`ALTER TABLE listings ENABLE TRIGGER listings_search_index_updated`);
    }
    const check = await index.selfCheck();
    expect(check.result).toBe('differ');
    expect(check.index!.ads).toBe(check.database!.ads);
    for (let i = 0; i < 200 && index.readiness().stale; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await index.selfCheck()).result).toBe('agree');
  });
});

describe('compaction', () => {
  it('drops dead slots in place: the database answers while it runs, the index after it, with the same answers and changes seen', async () => {
    const index = t.services.searchIndex!;
    const ads = await insertRows(
      t,
      ownerId,
      Array.from({ length: 30 }, (_, i) => ({ title: `Okapi figurine ${i}`, price: 100 + i, createdAt: new Date(Date.UTC(2026, 4, 1, 0, i)) })),
    );
    // Edits and sales: each leaves a dead slot behind (fewer than the quarter at which the index compacts on its own).
    for (const ad of ads.slice(0, 4)) await t.services.db.update(listings).set({ price: 900 }).where(eq(listings.id, ad.id));
    for (const ad of ads.slice(20, 22)) await t.services.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, ad.id));
    const asked = [{ search: 'okapi' }, { search: 'okapi', sort: 'price_asc' as const }, { search: 'okapi', sort: 'price_desc' as const, maxPrice: 500 }];
    const before = [];
    for (const filters of asked) before.push(titles(await searchListings(t.services.db, filters, { index })));
    // Dead slots, unless a search's housekeeping compacted already (the other tests' edits count too).
    const { slots, ads: live } = index.stats();
    expect(slots).toBeGreaterThanOrEqual(live);

    const compacting = index.compact();
    expect(index.canAnswer(engineQuery({ search: 'okapi' }))).toBe(false);
    await compacting;
    expect(index.stats()).toMatchObject({ slots: live, ads: live });
    expect(index.canAnswer(engineQuery({ search: 'okapi' }))).toBe(true);
    for (const [i, filters] of asked.entries()) {
      expect(titles(await searchListings(t.services.db, filters, { index }))).toEqual(before[i]);
      expect(titles(await searchListings(t.services.db, filters))).toEqual(before[i]);
    }
    // A change after it is seen by the next search.
    await t.services.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, ads[29]!.id));
    expect(titles(await searchListings(t.services.db, { search: 'okapi' }, { index }))).not.toContain('Okapi figurine 29');
    expect((await index.selfCheck()).result).toBe('agree');
  });
});

describe('readiness', () => {
  it('GET /api/health/ready: ready once the index is loaded, with its size; not ready while draining; /api/health unchanged', async () => {
    const res = await t.request('/api/health/ready');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; search: { engine: string; state: string; ads: number; indexMb: number } };
    expect(body).toMatchObject({ status: 'ready', draining: false, db: 'ok', search: { engine: 'memory', state: 'ready', stale: false } });
    expect(body.search.ads).toBeGreaterThan(0);
    expect(body.search.indexMb).toBeGreaterThan(0);

    const draining = createDraining();
    const routes = readinessRoutes({ db: t.services.db, searchIndex: t.services.searchIndex, draining });
    expect((await routes.request('/health/ready')).status).toBe(200);
    draining.begin();
    const drained = await routes.request('/health/ready');
    expect(drained.status).toBe(503);
    expect(await drained.json()).toMatchObject({ status: 'not_ready', draining: true, reason: 'draining: the server is stopping' });
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('counts the ads searches see: one posted after the load is in the answer', async () => {
    const index = createSearchIndex(t.services.db, createLogger('silent'));
    try {
      await index.ready;
      const routes = readinessRoutes({ db: t.services.db, searchIndex: index, draining: createDraining() });
      const before = ((await (await routes.request('/health/ready')).json()) as { search: { ads: number } }).search.ads;
      await insertRows(t, ownerId, [{ title: 'Quokka lamp posted after the load' }]);
      const after = await routes.request('/health/ready');
      expect(after.status).toBe(200);
      expect(await after.json()).toMatchObject({ status: 'ready', search: { state: 'ready', stale: false, ads: before + 1 } });
    } finally {
      index.close();
    }
  });

  it('is not ready while the index loads, and ready once it has', async () => {
    const index = createSearchIndex(t.services.db, createLogger('silent'));
    try {
      const routes = readinessRoutes({ db: t.services.db, searchIndex: index, draining: createDraining() });
      const loading = await routes.request('/health/ready');
      expect(loading.status).toBe(503);
      expect(await loading.json()).toMatchObject({ status: 'not_ready', search: { state: 'loading', engine: 'database' }, reason: 'the search index is loading' });
      await index.ready;
      const ready = await routes.request('/health/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', search: { state: 'ready', engine: 'memory', caughtUpSecondsAgo: 0 } });
    } finally {
      index.close();
    }
  });
});

describe('warm-up before ready', () => {
  it('is not ready while it warms up; the index answers searches meanwhile; ready once done, with what it did', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let warming!: () => void;
    const started = new Promise<void>((resolve) => (warming = resolve));
    const index = createSearchIndex(t.services.db, createLogger('silent'), {
      warmUp: async () => {
        warming();
        await held;
        return { searches: 7, ms: 12 };
      },
    });
    try {
      const routes = readinessRoutes({ db: t.services.db, searchIndex: index, draining: createDraining() });
      await started;
      const warm = await routes.request('/health/ready');
      expect(warm.status).toBe(503);
      expect(await warm.json()).toMatchObject({ status: 'not_ready', search: { state: 'warming' }, reason: 'the search index is warming up' });
      expect(index.loaded).toBe(true);
      expect(index.canAnswer(engineQuery({ search: 'wombat' }))).toBe(true);
      expect(titles(await searchListings(t.services.db, { search: 'wombat' }, { index }))).toEqual(['Wombat lamp kept']);
      expect(index.stats().warmUp).toBeNull();
      release();
      await index.ready;
      expect((await routes.request('/health/ready')).status).toBe(200);
      expect(index.stats().warmUp).toEqual({ searches: 7, ms: 12 });
    } finally {
      release();
      index.close();
    }
  });

  it('a warm-up that fails leaves the process ready all the same', async () => {
    const index = createSearchIndex(t.services.db, createLogger('silent'), {
      warmUp: () => Promise.reject(new Error('no')),
    });
    try {
      await index.ready;
      expect(index.readiness()).toMatchObject({ state: 'ready', ready: true });
      expect(index.stats().warmUp).toBeNull();
    } finally {
      index.close();
    }
  });

  it('SEARCH_WARM_UP_SEARCHES: the searches run through the entry point with the index\'s own words, as the API and as the results page', async () => {
    await insertRows(t, ownerId, [{ title: 'Numbat kite' }, { title: 'Numbat kite, red' }, { title: 'Numbat mug' }]);
    const asked: EngineQuery[] = [];
    let words: string[] = [];
    const index = createSearchIndex(t.services.db, createLogger('silent'), {
      warmUp: async (engine) => {
        const counting: SearchEngine = {
          name: 'memory, counted',
          canAnswer: (query) => engine.canAnswer(query),
          find(query) {
            asked.push(query);
            return engine.find(query);
          },
        };
        words = await commonWords((prefix, want) => engine.suggestions(prefix, want));
        return warmUpSearch(t.services.db, counting, words, 60);
      },
    });
    try {
      await index.ready;
      expect(words).toEqual(expect.arrayContaining(['numbat', 'kite', 'wombat']));
      expect(words.indexOf('numbat')).toBeLessThan(words.indexOf('wombat'));
      expect(index.stats().warmUp).toMatchObject({ searches: 60 });
      expect(asked.length).toBeGreaterThan(30);
      expect(asked.some((q) => q.filters.search && ['numbat', 'kite', 'wombat'].some((w) => q.filters.search!.includes(w)))).toBe(true);
      expect(new Set(asked.map((q) => q.format.name))).toEqual(new Set(['listing', 'card']));
    } finally {
      index.close();
    }
  });

  it('stops when the index is closed (a server stopped while it warms up)', async () => {
    let asked = 0;
    let tenth!: () => void;
    const tenAsked = new Promise<void>((resolve) => (tenth = resolve));
    const index = createSearchIndex(t.services.db, createLogger('silent'), {
      warmUp: (engine, stop) => {
        const counting: SearchEngine = {
          name: 'memory, counted',
          canAnswer: (query) => engine.canAnswer(query),
          find(query) {
            if (++asked === 10) tenth();
            return engine.find(query);
          },
        };
        return warmUpSearch(t.services.db, counting, ['numbat', 'kite'], 100_000, { stop });
      },
    });
    await tenAsked;
    index.close();
    await index.ready;
    expect(index.stats().warmUp!.searches).toBeLessThan(40);
  });

  it('the server wires it from the config: with SEARCH_WARM_UP_SEARCHES set a process on PostgreSQL has warmed up once ready; on PGlite none runs', async () => {
    const warmed = await createTestApp({ SEARCH_WARM_UP_SEARCHES: '40' });
    try {
      await warmed.services.searchIndex!.ready;
      if (warmed.database.kind === 'pglite') expect(warmed.services.searchIndex!.stats().warmUp).toBeNull();
      else expect(warmed.services.searchIndex!.stats().warmUp).toMatchObject({ searches: 40 });
      expect(t.services.searchIndex!.stats().warmUp).toBeNull();
    } finally {
      await warmed.close();
    }
  });
});

describe('memory with a ceiling', () => {
  it('an index that would pass SEARCH_INDEX_MAX_MB is not loaded: the process is ready, the database answers, readiness says why', async () => {
    const small = createSearchIndex(t.services.db, createLogger('silent'), { maxBytes: 64 * 1024 });
    try {
      await small.ready;
      expect(small.loaded).toBe(false);
      const readiness = small.readiness();
      expect(readiness).toMatchObject({ state: 'too_big', ready: true });
      expect(readiness.reason).toMatch(/more than SEARCH_INDEX_MAX_MB \(0 MB\)/);
      expect(small.canAnswer(engineQuery({ search: 'wombat' }))).toBe(false);
      expect(titles(await searchListings(t.services.db, { search: 'wombat' }, { index: small }))).toEqual(['Wombat lamp kept']);
    } finally {
      small.close();
    }
  });

  it('the ceiling is lowered to what the heap holds twice beside its headroom (a reload builds a second index)', () => {
    const mb = 2 ** 20;
    expect(indexCeiling(1024 * mb, 3072 * mb)).toEqual({ bytes: 1024 * mb, lowered: false });
    expect(indexCeiling(1024 * mb, 2048 * mb)).toEqual({ bytes: 768 * mb, lowered: true });
  });

  it('reports its size, which grows with its ads', async () => {
    const { bytes, ads } = t.services.searchIndex!.stats();
    expect(ads).toBeGreaterThan(0);
    expect(bytes).toBeGreaterThan(ads * 100);
  });
});
