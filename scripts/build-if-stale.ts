import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '../server/db/data-dir-lock.ts';
import { localeBuildDir, LOCALES } from '../kernel/i18n/locales.ts';
import { buildApp } from './build.ts';

// kernel/ holds the catalogs (#messages/*) and the rules the pages share: a change there changes the pages.
const SOURCES = ['app', 'kernel', 'public', 'package.json', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'server'];

function newestChange(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestChange(path.join(p, name))), stat.mtimeMs);
}

/**
 * Builds the web app into `buildDir` and its Swahili twin `buildDir-sw` (production, as npm start
 * serves them; scripts/build.ts) when its sources changed since that folder's last build, or it
 * has none. npm start calls it: of two starts on one folder at once, whichever comes first builds,
 * and the other waits for it and finds it fresh.
 */
export async function buildIfStale(root: string, buildDir: string): Promise<void> {
  const lock = `${buildDir}.building`;
  const holder = path.join(lock, 'pid');
  for (const started = Date.now(); ; ) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(holder, String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A build interrupted (Ctrl-C during npm start) leaves the lock: taken over once its process
      // has ended, or, if that cannot be told, once it is older than any build takes.
      if (holderEnded(holder) || Date.now() - fs.statSync(lock).mtimeMs > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - started > LOCK_STALE_MS) throw new Error(`${lock} is held by another build`, { cause: err });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    await buildUnlessFresh(root, buildDir);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Whether the process that took the lock has ended (false while it cannot be told: no pid written yet). */
function holderEnded(holder: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(holder, 'utf8'));
  } catch {
    return false;
  }
  return Number.isInteger(pid) && pid > 0 && !processAlive(pid);
}

const LOCK_STALE_MS = 180_000;

async function buildUnlessFresh(root: string, buildDir: string): Promise<void> {
  const sourcesAt = Math.max(...SOURCES.map((s) => newestChange(path.join(root, s))));
  const stale = LOCALES.filter((locale) => {
    const dir = localeBuildDir(buildDir, locale);
    const stamp = path.join(dir, '.build-stamp');
    const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
    return builtAt < sourcesAt || !fs.existsSync(path.join(dir, 'server', 'index.js'));
  });
  if (stale.length === 0) return;
  console.log(`Building Soko (${stale.join(', ')}: first start or sources changed)...`);
  await buildApp(root, buildDir, stale);
  for (const locale of stale) fs.writeFileSync(path.join(localeBuildDir(buildDir, locale), '.build-stamp'), new Date().toISOString());
}
