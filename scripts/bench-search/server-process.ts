import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { explainSlowest, loadBuild, loadServices, processMemory, verifyEngines, type SlowSearch } from './server-side.ts';

/**
 * One server process of `npm run bench:search -- --processes N` (N > 1): a node:cluster worker
 * forked by the benchmark (scripts/bench-search/server-processes.ts), as `npm start` runs
 * WEB_CONCURRENCY of them. It loads its own memory index, reports what the load cost, serves
 * on the port every process shares, and answers the benchmark's questions over IPC.
 */

/** What the benchmark passes in the BENCH_SERVER_PROCESS environment variable, as JSON. */
export type ServerProcessSettings = {
  /** 1 for the first process: its load lines are prefixed "process 1:". */
  number: number;
  url: string;
  schema: string;
  max: number;
  port: number;
  pages: boolean;
  /** The values the in-process server's loadConfig gets, and only those: nothing from this process's environment. */
  config: Record<string, string>;
};
export type Question = { type: 'eventLoop' } | { type: 'memory' } | { type: 'verify'; queries: string[] } | { type: 'slowest'; searches: SlowSearch[] };
export type Reply = { id: number; value?: unknown; error?: string };
export type Listening = { type: 'listening'; lines: string[] };

async function main() {
  const settings = JSON.parse(process.env.BENCH_SERVER_PROCESS ?? '') as ServerProcessSettings;
  const config = loadConfig(settings.config);
  const database = await openDatabase({ kind: 'postgres', url: settings.url, searchPath: settings.schema, max: settings.max });
  const { built, services, lines } = await loadServices(config, database);
  const build = settings.pages ? await loadBuild(config.buildDir) : undefined;
  const app = createApp(services, build ? { getBuild: async () => build } : {});
  // node:cluster shares the listening socket: every process listens on the same port.
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: settings.port }, () => resolve(s));
  });
  const answer = async (question: Question): Promise<unknown> => {
    if (question.type === 'eventLoop') return performance.eventLoopUtilization();
    if (question.type === 'memory') return processMemory();
    if (question.type === 'verify') return verifyEngines(database, services.searchIndex, question.queries);
    return explainSlowest(database, services.searchIndex, question.searches);
  };
  process.on('message', (question: Question & { id: number }) => {
    answer(question).then(
      (value) => process.send?.({ id: question.id, value } satisfies Reply),
      (error: unknown) => process.send?.({ id: question.id, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  });
  // The benchmark disconnects when it is done, or its process is gone: close and exit, so no server process outlives it.
  process.once('disconnect', () => {
    server.close();
    void built.close().finally(() => process.exit(0));
  });
  process.send?.({ type: 'listening', lines } satisfies Listening);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
