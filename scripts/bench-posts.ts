/**
 * `npm run bench:posts`: what an ad post with photos costs the server, and how many a minute it
 * takes at 16 clients (issue 49, point 3; docs/decisions/deferred-image-files.md). The server
 * runs in a process of its own (scripts/bench-posts/server.ts, API only, a new PGlite database)
 * and every post carries three distinct photographic 1600 x 1200 JPEGs (scripts/photo-like.ts,
 * cached: scripts/photo-cache.ts). Prints posts a minute, latency, answers by status, the server's
 * CPU per post while sellers waited (the files posts leave for later are held back meanwhile,
 * so the two costs are measured apart), and its CPU per post once those are made, and how long
 * that took.
 *
 * Options: --posts (32), --clients (16), --photos (3 a post), --port (3297), --root DIR (the
 * tree to measure, default this one: an older checkout with node_modules measures the code
 * before). Loopback only; bounded by --posts.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cachedPhotos } from './photo-cache.ts';

const here = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '32' },
    clients: { type: 'string', default: '16' },
    photos: { type: 'string', default: '3' },
    port: { type: 'string', default: '3297' },
    root: { type: 'string', default: here },
  },
});
const POSTS = Number(args.posts);
const CLIENTS = Number(args.clients);
const PER_POST = Number(args.photos);
const root = path.resolve(args.root);

/** CPU seconds of a process, all its threads (libvips encodes in the libuv pool). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main(): Promise<void> {
  console.log(`bench:posts: ${POSTS} posts of ${PER_POST} photos at ${CLIENTS} clients, tree ${root}`);
  const images = await cachedPhotos(POSTS * PER_POST);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-bench-posts-'));
  const child = fork(path.join(here, 'scripts/bench-posts/server.ts'), [root, dataDir, args.port], { execArgv: ['--import', 'tsx'], cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const { tokens } = await new Promise<{ tokens: string[] }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { tokens: string[] }));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const statuses: Record<number | string, number> = {};
    const latencies: number[] = [];
    let next = 0;
    const cpuAtStart = cpuSeconds(child.pid!);
    const began = performance.now();
    const client = async (c: number) => {
      for (let n = next++; n < POSTS; n = next++) {
        const form = new FormData();
        const fields = { title: `Bench post ${n} ${Date.now().toString(36)}`, description: 'A post of the posts benchmark.', category: 'Furniture', price: String(1000 + n), currency: 'KES', location: 'Nairobi' };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        for (let i = 0; i < PER_POST; i++) form.append('images', new File([new Uint8Array(images[n * PER_POST + i]!)], `p${i}.jpg`, { type: 'image/jpeg' }));
        const sent = performance.now();
        const res = await fetch(`http://127.0.0.1:${args.port}/api/listings`, {
          method: 'POST',
          body: form,
          headers: { Authorization: `Bearer ${tokens[n % tokens.length]}`, 'X-Forwarded-For': `10.9.${c}.${n % 250}` },
          signal: AbortSignal.timeout(300_000),
        }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          (e: Error) => e.name,
        );
        latencies.push(performance.now() - sent);
        statuses[res] = (statuses[res] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    const postingMs = performance.now() - began;
    const cpuPosting = cpuSeconds(child.pid!) - cpuAtStart;
    const settleBegan = performance.now();
    const { saved: inDatabase } = await new Promise<{ saved: number }>((resolve) => {
      child.once('message', (m) => resolve(m as { saved: number }));
      child.send('settle');
    });
    const settleMs = performance.now() - settleBegan;
    const cpuTotal = cpuSeconds(child.pid!) - cpuAtStart;
    const saved = statuses[201] ?? 0;
    console.log(`  answers: ${JSON.stringify(statuses)}`);
    console.log(`  posts a minute: ${((saved / postingMs) * 60_000).toFixed(1)} (${saved} saved in ${(postingMs / 1000).toFixed(1)} s)`);
    console.log(`  latency: p50 ${(percentile(latencies, 50) / 1000).toFixed(1)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(1)} s, max ${(Math.max(...latencies) / 1000).toFixed(1)} s`);
    console.log(`  ads saved: ${inDatabase} (answered 201: ${saved})`);
    console.log(`  server CPU an ad saved, while sellers waited: ${(cpuPosting / Math.max(1, inDatabase)).toFixed(2)} s`);
    console.log(`  server CPU an ad saved, files made later included: ${(cpuTotal / Math.max(1, inDatabase)).toFixed(2)} s (they took ${(settleMs / 1000).toFixed(1)} s after the last answer, made one photo at a time)`);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
