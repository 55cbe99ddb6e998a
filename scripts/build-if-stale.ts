import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '../server/db/data-dir-lock.ts';

const SOURCES = ['app', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'server'];

function newestChange(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestChange(path.join(p, name))), stat.mtimeMs);
}

/**
 * Builds the web app into `buildDir` (production, as npm start serves it) when its sources
 * changed since that folder's last build, or it has none. npm start calls it: of two starts on
 * one folder at once, whichever comes first builds, and the other waits for it and finds it fresh.
 */
export function buildIfStale(root: string, buildDir: string): void {
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
    buildUnlessFresh(root, buildDir);
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

function buildUnlessFresh(root: string, buildDir: string): void {
  const stamp = path.join(buildDir, '.build-stamp');
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestChange(path.join(root, s))));
  if (builtAt >= sourcesAt && fs.existsSync(path.join(buildDir, 'server', 'index.js'))) return;
  console.log('Building Soko (first start or sources changed)...');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir },
  });
  if (result.status !== 0) throw new Error(`the web app's build failed (exit ${result.status})`);
  fs.writeFileSync(stamp, new Date().toISOString());
}
