import { Worker } from 'node:worker_threads';

/**
 * The HTTP clients run in a worker thread, so the load generator does not take turns with the
 * server's event loop (it still shares the machine's cores). Plain node:http with keep-alive,
 * accepting the encodings a phone's browser accepts, so the server compresses with brotli as it
 * does for them. Each URL is requested once, in order, by whichever client is free; warm-up
 * URLs first, all clients at once, not measured.
 */
const CLIENT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, urls, warmup, clients, capMs } = workerData;
const fs = require('node:fs');
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
// This thread's own CPU seconds (Linux), so the report can tell the load generator from the server.
const threadCpu = () => {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
};
const get = (path) => new Promise((resolve) => {
  const req = http.get(base + path, { agent, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
    res.on('data', () => {});
    res.on('end', () => resolve(res.statusCode));
  });
  req.on('error', () => resolve(0));
});
async function run(list, record) {
  let next = 0;
  const started = performance.now();
  const loop = async () => {
    while (next < list.length && performance.now() - started < capMs) {
      const i = next++;
      const t = performance.now();
      const status = await get(list[i]);
      if (record) record.push([i, performance.now() - t, status]);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return (performance.now() - started) / 1000;
}
(async () => {
  await run(warmup, null);
  parentPort.postMessage({ measuring: true });
  const cpu = threadCpu();
  const results = [];
  const seconds = await run(urls, results);
  parentPort.postMessage({ results, seconds, cpuSeconds: threadCpu() - cpu });
  agent.destroy();
})().catch((e) => parentPort.postMessage({ error: String(e) }));
`;

export type Timing = { path: string; ms: number; status: number };
/** `loadGeneratorCpuSeconds`: the CPU the clients' thread used over the measured requests. */
export type LoadResult = { timings: Timing[]; seconds: number; loadGeneratorCpuSeconds: number };

/** `onMeasuring` is called when the warm-up is done and the measured requests begin. */
export async function runLoad(base: string, paths: string[], warmup: string[], clients: number, capMs: number, onMeasuring?: () => void): Promise<LoadResult> {
  const message = await new Promise<{ results: Array<[number, number, number]>; seconds: number; cpuSeconds: number; error?: string }>((resolve, reject) => {
    const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { base, urls: paths, warmup, clients, capMs } });
    worker.on('message', (m) => {
      if (m.measuring) return onMeasuring?.();
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  if (message.error) throw new Error(message.error);
  return {
    timings: message.results.map(([i, ms, status]) => ({ path: paths[i]!, ms, status })),
    seconds: message.seconds,
    loadGeneratorCpuSeconds: message.cpuSeconds,
  };
}

/** The nearest-rank percentile `p` (0 to 1) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

export type Summary = { n: number; errors: number; p50: number; p95: number; p99: number; max: number; rps: number };

export function summarize(result: LoadResult): Summary {
  const ms = result.timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    n: ms.length,
    errors: result.timings.filter((t) => t.status !== 200).length,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    p99: percentile(ms, 0.99),
    max: ms[ms.length - 1] ?? NaN,
    rps: ms.length / result.seconds,
  };
}
