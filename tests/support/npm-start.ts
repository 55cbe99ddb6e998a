import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { standInBuild } from './stand-in-build.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm start` (scripts/start.ts) as a child process on a port of its own, with a stand-in build
 * (the real one takes a minute to make: the API is what such tests are about) and a data folder
 * of its own; `env` adds to this process's environment. Its stdout and stderr are collected.
 */
export function startNpmStart(env: Record<string, string>, portOffset = 0) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-npm-start-'));
  standInBuild(path.join(dir, 'build'));
  const port = 20_000 + ((process.pid + portOffset) % 20_000);
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: path.join(dir, 'build'), DATA_DIR: path.join(dir, 'data'), HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    exited,
    output: () => out,
    /** Kills what is left and removes the folder. */
    cleanUp() {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
