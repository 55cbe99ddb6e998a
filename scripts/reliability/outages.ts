/**
 * Outage phases of `npm run test:reliability` (scripts/reliability.ts), issue 49:
 *   r. Redis unreachable (a closed port) and silent (a peer that accepts and never answers):
 *      logins and password resets answer 503 + Retry-After at once, /api/health says Redis is
 *      down, the rest of the site works; with a real Redis (TEST_REDIS_URL) all is healthy;
 *   s. SIGTERM after the database vanished from the network (packets dropped, no reset): the
 *      primary and both workers exit within the grace period and the cleanup budget.
 * Each starts servers of its own on the suite's port (the main one is not running meanwhile).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { CLEANUP_BUDGET_MS } from '../../server/shutdown.ts';
import { closedPort, silentPeer, TcpProxy } from '../../tests/support/tcp-faults.ts';

type Server = { child: ChildProcess; pid: number; log: string[]; exited: Promise<number | null> };

export type OutageKit = {
  /** Starts `npm start` as the suite does, with these settings on top; resolves once the database is reachable through it. */
  startServer(env: NodeJS.ProcessEnv): Promise<Server>;
  check(what: string, ok: boolean, detail: string): void;
  origin: string;
  /** postgres://… of the suite's database. */
  appDbUrl: string;
  graceSeconds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let ip = 0;

/** One request from a client address of its own; status, Retry-After, body and time taken (status 0: no answer in 10 s). */
async function timed(kit: OutageKit, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', `10.88.${Math.floor(++ip / 250) % 250}.${ip % 250}`);
  const began = performance.now();
  try {
    const res = await fetch(`${kit.origin}${path}`, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body, ms: Math.round(performance.now() - began) };
  } catch {
    return { status: 0, retryAfter: null, body: '', ms: Math.round(performance.now() - began) };
  }
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function stop(server: Server, ms: number): Promise<number | string | null> {
  server.child.kill('SIGTERM');
  const code = await Promise.race([server.exited, sleep(ms).then(() => 'timeout')]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  return code;
}

// ---------------------------------------------------------------- r. Redis outage

export async function phaseRedisOutage(kit: OutageKit): Promise<void> {
  console.log('\nR. Redis unreachable and silent: 503 + Retry-After at once, health says so');
  const peer = await silentPeer();
  const cases = [
    { name: 'closed port', url: `redis://127.0.0.1:${await closedPort()}` },
    { name: 'silent peer', url: `redis://127.0.0.1:${peer.port}` },
  ];
  try {
    for (const { name, url } of cases) {
      const server = await kit.startServer({ REDIS_URL: url });
      const attempts = [
        ['API login', await timed(kit, '/api/auth/login', json({ email: 'someone@example.co.ke', password: 'whatever-it-is' }))],
        ['API forgot-password', await timed(kit, '/api/auth/forgot-password', json({ email: 'someone@example.co.ke' }))],
        [
          'page login',
          await timed(kit, '/auth/login', {
            method: 'POST',
            headers: { Origin: kit.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email: 'someone@example.co.ke', password: 'whatever-it-is' }),
          }),
        ],
      ] as const;
      for (const [what, r] of attempts) console.log(`  ${name}: ${what} ${r.status} (Retry-After ${r.retryAfter}) in ${r.ms} ms`);
      const slowest = Math.max(...attempts.map(([, r]) => r.ms));
      kit.check(
        `R (${name}): login and forgot-password answer 503 + Retry-After within 2 s`,
        attempts.every(([, r]) => r.status === 503 && r.retryAfter !== null) && slowest < 2_000,
        attempts.map(([what, r]) => `${what} ${r.status}`).join(', ') + `; slowest ${slowest} ms`,
      );
      const health = await timed(kit, '/api/health');
      const reported = (() => {
        try {
          return JSON.parse(health.body) as { redis?: string; reason?: string };
        } catch {
          return {};
        }
      })();
      kit.check(`R (${name}): /api/health 503 with redis: error`, health.status === 503 && reported.redis === 'error' && health.ms < 2_500, `${health.status} ${health.body.slice(0, 120)} in ${health.ms} ms`);
      const listings = await timed(kit, '/api/listings?limit=3');
      kit.check(`R (${name}): what needs no counter works`, listings.status === 200, `GET /api/listings ${listings.status}`);
      const code = await stop(server, 20_000);
      kit.check(`R (${name}): server stops with exit code 0`, code === 0, String(code));
    }
    const real = process.env.TEST_REDIS_URL;
    if (real) {
      const server = await kit.startServer({ REDIS_URL: real });
      const health = await timed(kit, '/api/health');
      const login = await timed(kit, '/api/auth/login', json({ email: 'someone@example.co.ke', password: 'whatever-it-is' }));
      kit.check('R (real Redis): healthy, logins counted', health.status === 200 && health.body.includes('"redis":"ok"') && login.status === 401, `health ${health.status} ${health.body}; login ${login.status}`);
      await stop(server, 20_000);
    } else console.log('  (no TEST_REDIS_URL: the real-Redis case is left out)');
  } finally {
    await peer.close();
  }
}

// ---------------------------------------------------------------- s. shutdown after a network-level database outage

const childrenOf = (pid: number): number[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function phaseShutdownAfterDatabaseOutage(kit: OutageKit): Promise<void> {
  console.log('\nS. SIGTERM after the database vanished from the network (two workers)');
  const direct = new URL(kit.appDbUrl);
  const proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  await proxy.start();
  const through = new URL(kit.appDbUrl);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  let server: Server | undefined;
  let workers: number[] = [];
  try {
    server = await kit.startServer({ DATABASE_URL: through.toString(), WEB_CONCURRENCY: '2' });
    // Both workers answer (the first answer only proves one).
    for (let i = 0; i < 50 && childrenOf(server.pid).length < 2; i++) await sleep(100);
    workers = childrenOf(server.pid);
    const warm = await Promise.all(Array.from({ length: 8 }, () => timed(kit, '/api/listings?limit=2')));
    proxy.blackHole();
    // Requests that reach the database now wait for ever, each holding a pooled connection.
    const hanging = Array.from({ length: 16 }, (_, i) => timed(kit, `/api/listings?limit=2&search=outage${i}`));
    await sleep(1_000);
    const began = Date.now();
    server.child.kill('SIGTERM');
    const budget = kit.graceSeconds * 1000 + CLEANUP_BUDGET_MS + 1_500;
    const code = await Promise.race([server.exited, sleep(60_000).then(() => 'still running')]);
    const took = Date.now() - began;
    const left = workers.filter(alive);
    const answers = await Promise.all(hanging);
    console.log(`  workers ${workers.join(', ')}; before the outage ${warm.filter((r) => r.status === 200).length} of 8 answered 200`);
    console.log(`  exit ${code} after ${took} ms (grace ${kit.graceSeconds} s + cleanup ${CLEANUP_BUDGET_MS / 1000} s); requests cut: ${answers.filter((r) => r.status === 0).length} of 16`);
    kit.check('S: two workers ran', workers.length === 2, workers.join(', ') || 'none found');
    kit.check('S: primary exits within grace + cleanup budget', code !== 'still running' && took < budget, `${code} after ${took} ms (limit ${budget} ms)`);
    kit.check('S: no worker left running', left.length === 0, left.length ? `still running: ${left.join(', ')}` : 'all gone');
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const pid of workers) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await proxy.stop();
  }
}
