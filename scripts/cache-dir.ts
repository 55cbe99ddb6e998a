import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const UNUSED_FOR = 14 * 24 * 60 * 60 * 1000;

/**
 * Where the test and benchmark caches live (the migrated template database, the demo photos of
 * the browser tests, the benchmark's photos): the user's cache folder ($XDG_CACHE_HOME, else
 * ~/.cache) under soko/. Like npm's own cache, they outlive `npm ci`, which empties
 * node_modules, and serve every clone on the machine: the browser tests' photos took about 50 s
 * to draw on each fresh clone. Every entry is named by a hash of the code that makes it, so a
 * stale one is never used; an entry unused for two weeks is removed when a new one is saved.
 */
export function cacheDir(name: string): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'soko', name);
}

/** Marks a cache entry as used now (file or folder), so that pruning keeps it. */
export function touchCacheEntry(entry: string): void {
  const now = new Date();
  try {
    fs.utimesSync(entry, now, now);
  } catch {
    // Another run may be replacing it; nothing is lost if it is not marked.
  }
}

/** Removes the entries of a cache folder that no run has used for two weeks, except `keep`. */
export function pruneCache(dir: string, keep: string): void {
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const entry = path.join(dir, name);
    if (entry === keep || name.includes('.building-')) continue;
    try {
      if (Date.now() - fs.statSync(entry).mtimeMs > UNUSED_FOR) fs.rmSync(entry, { recursive: true, force: true });
    } catch {
      // Gone already (another run pruned it).
    }
  }
}
