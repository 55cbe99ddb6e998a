import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ServerBuild } from 'react-router';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/client.ts';
import { parseListingQuery } from '../../server/listings/listing-query.ts';
import { explainSearch } from '../../server/search/database/database-engine.ts';
import { takeLongestLoadStatement, type SearchIndex } from '../../server/search/memory/search-index.ts';
import { sliceText, takeLongestSlice } from '../../server/search/memory/slices.ts';
import { engineQuery, searchListings } from '../../server/search/search.ts';
import { createServices } from '../../server/services.ts';

/**
 * The search benchmark's work done where the server and its memory index are: the benchmark's
 * own process (--processes 1), or each server process (server-process.ts), which sends the
 * text back to the benchmark to print.
 */

/**
 * The server's services, once the memory index is loaded, and what its load cost: time,
 * memory, and the longest the event loop was held (issue 41: at most 50 ms at a time).
 */
export async function loadServices(config: Config, database: Database) {
  const loadDelay = monitorEventLoopDelay({ resolution: 5 });
  takeLongestSlice();
  loadDelay.enable();
  const built = await createServices(config, { database });
  const { services } = built;
  const lines: string[] = [];
  if (services.searchIndex) {
    const index = services.searchIndex;
    // The load (issue 41's 50 ms) apart from what follows it before ready: the warm-up's first
    // searches, compiled as they run, and the deliberate full collection (full-collection.ts).
    let whileLoading: { delayMs: number; slice: string } | null = null;
    const loadedAlready = index.loaded;
    const loadEnd = setInterval(() => {
      if (loadedAlready || whileLoading || !index.loaded) return;
      whileLoading = { delayMs: loadDelay.max / 1e6, slice: sliceText(takeLongestSlice()) };
      loadDelay.reset();
    }, 10);
    // The server answers searches from its memory index once it is loaded (server/search/memory/): measure that.
    await index.ready;
    clearInterval(loadEnd);
    loadDelay.disable();
    const loading = whileLoading as { delayMs: number; slice: string } | null;
    const { ads, loadMs, warmUp } = index.stats();
    // PGlite runs its statements on this thread, so there a load statement holds the event loop; PostgreSQL's run beside it.
    const statement = () => `longest load statement ${takeLongestLoadStatement().toFixed(0)} ms (${database.kind === 'pglite' ? 'on this thread' : 'in PostgreSQL, beside this thread'})`;
    lines.push(
      `Search index in memory: ${ads.toLocaleString('en-KE')} ads loaded in ${(loadMs / 1000).toFixed(1)} s; process memory ${memoryText(processMemory())}`,
      `  warm-up before ready: ${warmUp ? `${warmUp.searches} searches in ${(warmUp.ms / 1000).toFixed(1)} s` : 'none (SEARCH_WARM_UP_SEARCHES=0, or PGlite)'}`,
      ...(loading
        ? [
            `  event loop while loading: longest delay ${loading.delayMs.toFixed(0)} ms; the index's own longest slice ${loading.slice}; ${statement()}`,
            `  after the load, before ready (warm-up, full collection): longest delay ${(loadDelay.max / 1e6).toFixed(0)} ms; the index's own longest slice ${sliceText(takeLongestSlice())}`,
          ]
        : // Loaded before the benchmark could look (a small index): the two are one figure.
          [
            `  event loop while loading and until ready: longest delay ${(loadDelay.max / 1e6).toFixed(0)} ms; the index's own longest slice ${sliceText(takeLongestSlice())}; ${statement()}`,
          ]),
    );
  }
  loadDelay.disable();
  return { built, services, lines };
}

/** A process's memory as the benchmark reports it: Node's figures, and on Linux its RSS split into anonymous memory and mapped files. */
export type ProcessMemory = NodeJS.MemoryUsage & { rssAnon?: number; rssFile?: number };

export function processMemory(): ProcessMemory {
  const memory: ProcessMemory = process.memoryUsage();
  try {
    // Mapped files (Node's own code, its libraries) are shared by every process that maps them: RSS counts them in each.
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    memory.rssAnon = kb('RssAnon');
    memory.rssFile = kb('RssFile');
  } catch {
    // Not Linux: Node's figures only.
  }
  return memory;
}

/** "612 MB (anonymous 560, files 52; heap 70 of 132 MB, arrays 369 MB)": the heap's used bytes of those it holds (its young generation, and room the old one has not given back). */
export function memoryText(memory: ProcessMemory): string {
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  const split = memory.rssAnon !== undefined && Number.isFinite(memory.rssAnon) ? `anonymous ${mb(memory.rssAnon)}, files ${mb(memory.rssFile ?? 0)}; ` : '';
  return `${mb(memory.rss)} MB (${split}heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB, arrays ${mb(memory.arrayBuffers)} MB)`;
}

export async function loadBuild(buildDir: string): Promise<ServerBuild> {
  const file = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(file)) throw new Error(`--pages needs the web app built (npm run build): ${file} is missing`);
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

export type SlowSearch = { path: string; ms: number; clients: number };

/** The slowest searches run again alone: the memory index's time, or the plans of the database's statements. */
export async function explainSlowest(database: Database, index: SearchIndex | undefined, slowest: SlowSearch[]): Promise<string[]> {
  const lines: string[] = [];
  for (const t of slowest) {
    const query = t.path.slice(t.path.indexOf('?') + 1);
    lines.push(`\n-- ${t.ms.toFixed(1)} ms with ${t.clients} client(s): ${decodeURIComponent(query.replace(/\+/g, ' '))}`);
    const filters = parseListingQuery(new URLSearchParams(query));
    const started = performance.now();
    const answer = index?.canAnswer(engineQuery(filters)) ? await index.find(engineQuery(filters)) : null;
    if (answer) {
      const checked = answer.unchecked ? `, which the database then tested (a word with punctuation inside)` : '';
      lines.push(`answered by the memory index: ${answer.found.hits.length} matches in ${(performance.now() - started).toFixed(1)} ms (its catch-up statement included)${checked}, then the page's statement`);
    } else lines.push(await explainSearch(database.db, filters));
  }
  return lines;
}

export type VerifyReport = { text: string; differences: number };

/** The sampled searches asked of both engines (memory index and database); the caller fails the run on any difference. */
export async function verifyEngines(database: Database, index: SearchIndex | undefined, queries: string[]): Promise<VerifyReport> {
  if (!index) throw new Error('--verify needs the search index (SEARCH_INDEX=memory)');
  let asked = 0;
  const differences: string[] = [];
  for (const query of queries) {
    const filters = parseListingQuery(new URLSearchParams(query));
    const now = new Date();
    if (!index.canAnswer(engineQuery(filters, now))) continue;
    asked++;
    const fromIndex = await searchListings(database.db, filters, { index, now });
    const fromDatabase = await searchListings(database.db, filters, { now });
    const ids = (p: typeof fromIndex) => JSON.stringify(p.items.map((l) => l._id));
    const totalsDiffer = fromDatabase.totalIsCapped ? fromIndex.total < fromDatabase.total : fromIndex.total !== fromDatabase.total || fromIndex.totalIsCapped;
    if (ids(fromIndex) !== ids(fromDatabase) || fromIndex.hasNext !== fromDatabase.hasNext || totalsDiffer) {
      differences.push(`${query}: index ${fromIndex.total}${fromIndex.totalIsCapped ? '+' : ''} ${ids(fromIndex)}; database ${fromDatabase.total}${fromDatabase.totalIsCapped ? '+' : ''} ${ids(fromDatabase)}`);
    }
  }
  const text = [
    `\nVerify: ${asked} of ${queries.length} sampled searches answered by the memory index, compared with the database engine: ${differences.length} differences`,
    ...differences.slice(0, 10).map((d) => `  ${d}`),
  ].join('\n');
  return { text, differences: differences.length };
}
