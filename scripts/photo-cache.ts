import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir, pruneCache, touchCacheEntry } from './cache-dir.ts';
import { photoLike } from './photo-like.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * `count` distinct photographic JPEGs (scripts/photo-like.ts, 1600 x 1200, every seventh a
 * portrait). They take a while to draw, so they are kept in the user's cache, named by the hash
 * of the code that draws them: bench:pages, bench:posts and the reliability suite share them.
 */
export async function cachedPhotos(count: number, log = (line: string) => process.stdout.write(line)): Promise<Buffer[]> {
  const key = createHash('sha256').update(fs.readFileSync(path.join(root, 'scripts/photo-like.ts'))).update(fs.readFileSync(path.join(root, 'node_modules/sharp/package.json'))).digest('hex').slice(0, 12);
  const dir = path.join(cacheDir('bench-photos'), key);
  fs.mkdirSync(dir, { recursive: true });
  touchCacheEntry(dir);
  pruneCache(path.dirname(dir), dir);
  const out: Buffer[] = [];
  let drawn = 0;
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `${i}.jpg`);
    if (!fs.existsSync(file)) {
      fs.writeFileSync(file, await photoLike(i + 1, { portrait: i % 7 === 3 }));
      log(`\r  drawing photos ${i + 1}/${count}`);
      drawn++;
    }
    out.push(fs.readFileSync(file));
  }
  if (drawn) log('\n');
  return out;
}
