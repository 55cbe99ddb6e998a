/**
 * The server the browser tests use: a throwaway data folder (PGlite) or, when
 * TEST_DATABASE_URL is set, a freshly created PostgreSQL database, both copied from the
 * migrated template of tests/support/templates.ts; the demo data; then the normal start path.
 *
 * Drawing and encoding the demo photos takes most of a minute, so the stored photos are kept
 * in the user's cache folder (scripts/cache-dir.ts: ~/.cache/soko/e2e-photos/<hash of the code
 * that makes them>/) and linked into each run's media folder; the database rows are written
 * fresh every run (their dates are relative to now, and featured ads expire).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { createLogger } from '../server/logger.ts';
import type { StoredImage } from '../server/media/images.ts';
import { createLocalMediaStore } from '../server/media/storage.ts';
import { drawDemoPhotos, seedDemoData, type DemoPhotos } from '../server/seed/seed.ts';
import { createFromTemplate, pgliteTemplate } from '../tests/support/templates.ts';
import { cacheDir, pruneCache, touchCacheEntry } from './cache-dir.ts';
import { E2E_ADMIN, E2E_REPORTERS } from '../tests/e2e/admin-account.ts';
import { makeAdmin } from '../server/moderation/moderation.ts';
import { insertUser } from '../server/users/users.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT) || 3100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-e2e-'));
process.env.DATA_DIR = dataDir;
// One server process: cluster workers would run this whole script again (new folder, new database).
process.env.WEB_CONCURRENCY = '1';
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
// Tests that follow e-mailed links read the outbox under DATA_DIR; this file (one per port) says where it is.
fs.writeFileSync(path.join(os.tmpdir(), `soko-e2e-data-dir-${port}`), dataDir);

const testUrl = process.env.TEST_DATABASE_URL;
// One database per e2e port, so parallel runs stay apart, and each run starts from scratch.
if (testUrl) process.env.DATABASE_URL = await createFromTemplate(testUrl, `soko_e2e_${port}`);

await seed();
await import('./start.ts');

/** Adds the demo data to the new (migrated) database, with photos from the cache when it has them. */
async function seed() {
  const config = loadConfig(process.env, root);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : // The folder npm start uses (server/main.ts), started from the migrated template.
        { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), loadDataDir: await pgliteTemplate() },
  );
  try {
    // The template is migrated already: this only confirms it, as start-up will again.
    await migrate(database);
    // A moderator for the browser tests (tests/e2e/support.ts, E2E_ADMIN): only on this throwaway database.
    await insertUser(database.db, { ...E2E_ADMIN, firstName: 'Test', lastName: 'Moderator', phoneNumber: null, location: 'Nairobi' });
    await makeAdmin(database.db, E2E_ADMIN.email);
    // Reporters whose reports can hold an ad: accounts older than a day (tests/e2e/lifecycle.spec.ts).
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    for (const [i, reporter] of E2E_REPORTERS.entries()) {
      await insertUser(database.db, { ...reporter, firstName: 'Seasoned', lastName: `Reporter ${i + 1}`, phoneNumber: null, location: 'Nairobi', createdAt: monthAgo });
    }
    const media = createLocalMediaStore(config.mediaDir);
    const cache = path.join(cacheDir('e2e-photos'), photosKey());
    const manifestFile = path.join(cache, 'photos.json');
    if (fs.existsSync(manifestFile)) {
      touchCacheEntry(cache);
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as StoredImage[][];
      await seedDemoData({ db: database.db, media, logger }, linkCachedPhotos(manifest, path.join(cache, 'media'), config.mediaDir));
      return;
    }
    const manifest: StoredImage[][] = [];
    const draw = drawDemoPhotos(media);
    const recording: DemoPhotos = async (i, item) => (manifest[i] = await draw(i, item));
    await seedDemoData({ db: database.db, media, logger }, recording);
    saveCache(cache, manifest, config.mediaDir);
  } finally {
    await database.close();
  }
}

/** Changes whenever the photos would come out differently: the drawings, the demo data, the image pipeline, sharp. */
function photosKey(): string {
  const hash = createHash('sha256');
  const files = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).sort().map((f) => path.join(dir, f));
  for (const file of [...files('server/seed'), ...files('server/media'), 'kernel/card-images.ts', 'node_modules/sharp/package.json']) {
    if (!fs.statSync(path.join(root, file)).isFile()) continue;
    hash.update(`\0${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Photos from the cache, hard-linked into this run's media folder (a copy where links are not
 * possible). Linking is safe: the media store never writes into an existing file; it writes a
 * new one and renames it, and removing a photo only removes this folder's link.
 */
function linkCachedPhotos(manifest: StoredImage[][], from: string, to: string): DemoPhotos {
  fs.mkdirSync(to, { recursive: true });
  return async (i) => {
    const images = manifest[i];
    if (!images) throw new Error(`the demo photo cache has no photos for listing ${i}`);
    for (const file of images.flatMap((image) => image.files)) {
      try {
        fs.linkSync(path.join(from, file), path.join(to, file));
      } catch {
        fs.copyFileSync(path.join(from, file), path.join(to, file));
      }
    }
    return images;
  };
}

function saveCache(cache: string, manifest: StoredImage[][], mediaDir: string) {
  const building = `${cache}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(path.join(building, 'media'), { recursive: true });
  for (const file of manifest.flat().flatMap((image) => image.files)) {
    fs.copyFileSync(path.join(mediaDir, file), path.join(building, 'media', file));
  }
  fs.writeFileSync(path.join(building, 'photos.json'), JSON.stringify(manifest));
  // The rename publishes a complete folder or nothing (another run may have published it first).
  try {
    fs.renameSync(building, cache);
  } catch {
    fs.rmSync(building, { recursive: true, force: true });
  }
  pruneCache(path.dirname(cache), cache);
}
