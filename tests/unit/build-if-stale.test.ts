import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.ts';

/**
 * The lock that makes parallel builds of one folder wait for each other (npm start, and the test
 * files that render the real pages). Here the build is always fresh (a root with no sources), so
 * only the lock is exercised.
 */
let root: string;
let buildDir: string;
let lock: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-build-lock-'));
  buildDir = path.join(root, 'build');
  lock = `${buildDir}.building`;
  // Both languages' folders (scripts/build.ts), fresh.
  for (const dir of [buildDir, `${buildDir}-sw`]) {
    fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'server', 'index.js'), '');
    fs.writeFileSync(path.join(dir, '.build-stamp'), new Date().toISOString());
  }
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function heldBy(pid: number) {
  fs.mkdirSync(lock);
  fs.writeFileSync(path.join(lock, 'pid'), String(pid));
}

it('takes over at once a lock left by a build that was interrupted (its process has ended)', async () => {
  const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
  heldBy(ended);
  const started = Date.now();
  await buildIfStale(root, buildDir);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(fs.existsSync(lock)).toBe(false);
});

it('waits while another process holds the lock, and goes on once it lets go', async () => {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    heldBy(other.pid!);
    setTimeout(() => fs.rmSync(lock, { recursive: true, force: true }), 600).unref();
    // buildIfStale waits synchronously: run it in a child so that the timer above can fire.
    const started = Date.now();
    const waited = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', `import('${path.resolve('scripts/build-if-stale.ts')}').then((m) => m.buildIfStale(${JSON.stringify(root)}, ${JSON.stringify(buildDir)}))`]);
      child.on('exit', (code) => (code === 0 ? resolve(Date.now() - started) : reject(new Error(`exit ${code}`))));
    });
    expect(waited).toBeGreaterThanOrEqual(500);
    expect(fs.existsSync(lock)).toBe(false);
  } finally {
    other.kill();
  }
});
