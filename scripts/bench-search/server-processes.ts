import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { Listening, Question, Reply, ServerProcessSettings } from './server-process.ts';
import type { ProcessMemory, SlowSearch, VerifyReport } from './server-side.ts';

/**
 * The benchmark as a node:cluster primary (--processes N, N > 1): N server processes
 * (server-process.ts) on one port, as `npm start` runs WEB_CONCURRENCY of them.
 */

/** A free loopback port, chosen here so that every server process is told the same one. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let lastQuestion = 0;

/** One question to one server process, answered over IPC; fails if the process exits first. */
function ask<T>(worker: Worker, question: Question): Promise<T> {
  const id = ++lastQuestion;
  return new Promise<T>((resolve, reject) => {
    const exited = () => reject(new Error(`server process ${worker.process.pid} exited before it answered (${question.type})`));
    const replied = (reply: Reply) => {
      if (reply.id !== id) return;
      worker.off('message', replied);
      worker.off('exit', exited);
      if (reply.error) reject(new Error(reply.error));
      else resolve(reply.value as T);
    };
    worker.on('message', replied);
    worker.once('exit', exited);
    worker.send({ ...question, id });
  });
}

/** Disconnects each process (it closes and exits: server-process.ts); one still there 10 s later is killed. */
async function stop(workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const timer = setTimeout(() => worker.process.kill('SIGKILL'), 10_000);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          if (worker.isConnected()) worker.disconnect();
          else worker.process.kill();
        }),
    ),
  );
}

export type ServerProcesses = Awaited<ReturnType<typeof startServerProcesses>>;

/** Forks `count` server processes one after another, as `npm start` does (server/index.ts): each once the last has loaded its index and is listening. */
export async function startServerProcesses(count: number, settings: Omit<ServerProcessSettings, 'number' | 'port'>) {
  const port = await freePort();
  // The same node flags as the benchmark's (heap sizes, tsx), as `npm start`'s workers have its.
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./server-process.ts', import.meta.url)), execArgv: process.execArgv });
  const workers: Worker[] = [];
  const loaded: string[][] = [];
  try {
    for (let i = 0; i < count; i++) {
      const worker = cluster.fork({ BENCH_SERVER_PROCESS: JSON.stringify({ ...settings, number: i + 1, port } satisfies ServerProcessSettings) });
      workers.push(worker);
      loaded.push(
        await new Promise<string[]>((resolve, reject) => {
          worker.once('message', (m: Listening) => resolve(m.lines));
          worker.once('exit', (code, signal) => reject(new Error(`server process ${i + 1} exited (${signal ?? code}) before it was listening`)));
        }),
      );
    }
  } catch (error) {
    await stop(workers);
    throw error;
  }
  const eventLoops = () => Promise.all(workers.map((worker) => ask<EventLoopUtilization>(worker, { type: 'eventLoop' })));
  return {
    base: `http://127.0.0.1:${port}`,
    pids: workers.map((worker) => worker.process.pid!),
    lines: loaded.flatMap((lines, i) => lines.map((line) => `process ${i + 1}: ${line}`)),
    /** Starts measuring the processes' event loops; the function it returns gives their mean utilisation since. */
    eventLoop() {
      const started = eventLoops();
      return async () => {
        const [from, to] = [await started, await eventLoops()];
        return to.reduce((sum, end, i) => sum + performance.eventLoopUtilization(end, from[i]).utilization, 0) / to.length;
      };
    },
    memory: () => Promise.all(workers.map((worker) => ask<ProcessMemory>(worker, { type: 'memory' }))),
    // The memory index is in the server processes: the first does this work, and no second index is loaded here.
    verify: (queries: string[]) => ask<VerifyReport>(workers[0]!, { type: 'verify', queries }),
    slowest: (searches: SlowSearch[]) => ask<string[]>(workers[0]!, { type: 'slowest', searches }),
    stop: () => stop(workers),
  };
}
