/**
 * `npm run test:reliability`: the faults a real deployment meets, done for real against the
 * production server (`scripts/start.ts`, React's production build) on PostgreSQL:
 *   A. the app's PostgreSQL backends are terminated again and again while ads are posted;
 *   B. SIGTERM while keep-alive clients read and write;
 *   C. 32 bodies of 100 MB at once (streamed, never held by this client), then hostile bytes;
 *   R, S. Redis unreachable or silent; SIGTERM after a network-level database outage (scripts/reliability/outages.ts).
 * Prints figures (requests ok and failed, acknowledged writes missing, peak RSS, time to
 * recover) and exits 1 when a requirement is not met. Loopback only; every phase is bounded
 * in requests and time.
 *
 * Options: --database-url postgres://… (default $TEST_DATABASE_URL or the local test database;
 * a database soko_reliability_<port> is created there and dropped at the end), --port (3290),
 * --build-dir (build-e2e: shared with the browser tests, rebuilt by start.ts when stale),
 * --seconds (load per phase, 8), --phases (a subset of abcrspf; r and s: scripts/reliability/outages.ts; p and f: scripts/reliability/uploads.ts), --keep-logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import sharp from 'sharp';
import { percentile } from './bench-search/http-load.ts';
import { phaseRedisOutage, phaseShutdownAfterDatabaseOutage } from './reliability/outages.ts';
import { textBodiesToPhotoRoutes } from './reliability/text-floods.ts';
import { phaseDiskFull, phaseParallelPhotoPosts, type UploadPhaseContext } from './reliability/uploads.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    port: { type: 'string', default: '3290' },
    'build-dir': { type: 'string', default: 'build-e2e' },
    seconds: { type: 'string', default: '8' },
    phases: { type: 'string', default: 'abcrspf' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const baseUrl = args['database-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(args.seconds);
const dbName = `soko_reliability_${PORT}`;
const appDbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const MB = 1024 * 1024;
const RUN = Date.now().toString(36);
const OVERALL_MS = 15 * 60_000; // seven phases; P waits up to 5 minutes for the files a restart left

const checks: Array<{ what: string; ok: boolean; detail: string }> = [];
function check(what: string, ok: boolean, detail: string): void {
  checks.push({ what, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}: ${detail}`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the server under test

type Server = { child: ChildProcess; pid: number; log: string[]; exited: Promise<number | null> };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-reliability-'));

async function startServer(extra: NodeJS.ProcessEnv = {}): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: appDbUrl,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    BUILD_DIR: args['build-dir'],
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Each simulated client has its own address, as behind a proxy; throttles stay per address.
    TRUST_PROXY: 'true',
    SHUTDOWN_GRACE_SECONDS: '10',
    HEADERS_TIMEOUT_SECONDS: '3',
    // One process, so the figures (RSS, the pid that gets SIGTERM) are the server's own.
    WEB_CONCURRENCY: '1',
    // Posts that wait for the image queue outlast it (phase P): silent, never cut.
    SOCKET_IDLE_TIMEOUT_SECONDS: '5',
    ...extra,
  };
  delete env.NODE_ENV; // npm start decides: production
  // One process (no tsx wrapper): its pid is the server's, for RSS and signals.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const keep = (c: Buffer) => log.push(...c.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 300_000; // a first start builds the web app
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${log.join('\n')}`);
    // Up once the database answers through it (a phase may start it with Redis down: health is then a 503).
    const ok = await fetch(`${ORIGIN}/api/health`).then(async (r) => ((await r.json()) as { db?: string }).db === 'ok', () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log.join('\n')}`);
    await sleep(200);
  }
  return { child, pid: child.pid!, log, exited };
}

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

// ---------------------------------------------------------------- HTTP clients

type Result = { status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string };
let ipCounter = 0;
const nextIp = () => `10.77.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

function request(agent: http.Agent | false, method: string, pathname: string, headers: Record<string, string>, body?: Buffer): Promise<Result> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method, path: pathname, agent, headers: { 'X-Forwarded-For': nextIp(), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(body);
  });
}

let photo: Buffer;
async function adBody(title: string): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, description: 'Posted by the reliability suite.', category: 'Furniture', price: '1500', currency: 'KES', location: 'Nairobi' })) form.append(k, v);
  form.append('images', new File([new Uint8Array(photo)], 'p.jpg', { type: 'image/jpeg' }));
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

async function signUp(): Promise<string> {
  const n = ++ipCounter;
  const email = `rel-${RUN}-${n}@example.co.ke`;
  const json = (o: unknown) => Buffer.from(JSON.stringify(o));
  const reg = await request(false, 'POST', '/api/auth/register', { 'Content-Type': 'application/json' }, // Distinct names: concurrent sign-ups with one name can collide on the generated username (a 409).
    json({ firstName: `Rel${n}`, lastName: 'Iable', email, password: 'reliability-pass', location: 'Nairobi', phoneNumber: '0712345678' }));
  if (!('status' in reg) || reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg)}`);
  const login = await request(false, 'POST', '/api/auth/login', { 'Content-Type': 'application/json' }, json({ email, password: 'reliability-pass' }));
  if (!('status' in login) || login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return (JSON.parse(login.body) as { token: string }).token;
}

/**
 * Sellers for a write load. Soko allows an established account 20 new ads a day (5 in its
 * first day): this suite measures faults, not that allowance, so it signs up enough sellers,
 * makes them established members (created a month ago) and spreads its writes over them.
 */
async function sellers(count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 5) tokens.push(...(await Promise.all(Array.from({ length: Math.min(5, count - i) }, () => signUp()))));
  const db = new pg.Client({ connectionString: appDbUrl });
  await db.connect();
  try {
    await db.query(`UPDATE users SET created_at = now() - interval '30 days' WHERE email LIKE $1`, [`rel-${RUN}-%`]);
  } finally {
    await db.end();
  }
  return tokens;
}

type Tally = { ok: number; unavailable: number; unavailableWithoutRetryAfter: number; otherStatus: Record<string, number>; errors: Record<string, number> };
const tally = (): Tally => ({ ok: 0, unavailable: 0, unavailableWithoutRetryAfter: 0, otherStatus: {}, errors: {} });
function count(t: Tally, r: Result): void {
  if ('error' in r) t.errors[r.error] = (t.errors[r.error] ?? 0) + 1;
  else if (r.status < 400) t.ok++;
  else if (r.status === 503) {
    t.unavailable++;
    if (!r.headers['retry-after']) t.unavailableWithoutRetryAfter++;
  } else t.otherStatus[r.status] = (t.otherStatus[r.status] ?? 0) + 1;
}
const failed = (t: Tally) => t.unavailable + Object.values(t.otherStatus).reduce((a, b) => a + b, 0) + Object.values(t.errors).reduce((a, b) => a + b, 0);
const show = (t: Tally) =>
  `${t.ok} ok, ${failed(t)} failed (503: ${t.unavailable}${Object.keys(t.otherStatus).length ? `, other: ${JSON.stringify(t.otherStatus)}` : ''}${Object.keys(t.errors).length ? `, connection errors: ${JSON.stringify(t.errors)}` : ''})`;

/** Acknowledged ad ids that are not in the database, and ads stored without their photo (half writes). */
async function verifyWrites(admin: pg.Client, acked: string[]): Promise<{ missing: number; partial: number }> {
  const { rows } = await admin.query<{ id: string; images: number }>(
    `select l.id::text, count(i.id)::int as images from listings l left join listing_images i on i.listing_id = l.id
     where l.title like $1 group by l.id`,
    [`rel-${RUN}-%`],
  );
  const present = new Set(rows.map((r) => r.id));
  return { missing: acked.filter((id) => !present.has(id)).length, partial: rows.filter((r) => r.images !== 1).length };
}

// ---------------------------------------------------------------- A. database faults

async function phaseDatabaseFaults(server: Server, admin: pg.Client): Promise<void> {
  console.log('\nA. PostgreSQL backends terminated while ads are posted');
  const MAX_WRITES = 400;
  // Well under postsPerAccount (20 a day) each: a refusal by the day's allowance is not the fault this phase looks for.
  const tokens = await sellers(Math.ceil(MAX_WRITES / 10) + 5);
  const rss = sampleRss(server.pid);
  const writes = tally();
  const reads = tally();
  const acked: string[] = [];
  let n = 0;
  let lastKill = 0;
  let recoveredAt = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const stopAt = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < stopAt && n < MAX_WRITES) {
      // This post's number, read before the await: n moves on while other clients post meanwhile.
      const mine = ++n;
      const { body, type } = await adBody(`rel-${RUN}-${mine}`);
      const began = Date.now();
      const r = await request(agent, 'POST', '/api/listings', { 'Content-Type': type, Authorization: `Bearer ${tokens[mine % tokens.length]}` }, body);
      count(writes, r);
      if ('status' in r && r.status === 201) {
        acked.push((JSON.parse(r.body) as { _id: string })._id);
        if (lastKill && began > lastKill && !recoveredAt) recoveredAt = Date.now();
      }
      count(reads, await request(agent, 'GET', '/api/listings?limit=5', {}));
    }
  };
  const killer = (async () => {
    await sleep(1000);
    let killed = 0;
    for (let round = 0; round < 6 && Date.now() < stopAt - 2000; round++) {
      const { rows } = await admin.query<{ n: number }>(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      killed += rows[0]!.n;
      lastKill = Date.now();
      recoveredAt = 0;
      await sleep(400);
    }
    return killed;
  })();
  await Promise.all([...Array.from({ length: 8 }, () => worker()), killer]);
  agent.destroy();
  rss.stop();
  const killed = await killer;
  const alive = server.child.exitCode === null;
  const { missing, partial } = await verifyWrites(admin, acked);
  console.log(`  backends terminated: ${killed} in 6 rounds`);
  console.log(`  writes: ${show(writes)}`);
  console.log(`  reads:  ${show(reads)}`);
  console.log(`  peak RSS: ${rss.peak()} MB; time to recover after the last kill: ${recoveredAt ? `${recoveredAt - lastKill} ms` : 'never'}`);
  check('A: server process survived', alive, alive ? 'running' : `exited with ${server.child.exitCode}`);
  check('A: acknowledged writes missing', missing === 0, `${missing} of ${acked.length}`);
  check('A: half-written ads (ad without its photo)', partial === 0, String(partial));
  check('A: faults answered 503 with Retry-After, nothing else failed', failed(writes) + failed(reads) === writes.unavailable + reads.unavailable && writes.unavailableWithoutRetryAfter + reads.unavailableWithoutRetryAfter === 0, `${writes.unavailable + reads.unavailable} x 503`);
  check('A: faults happened under load', killed > 0 && writes.ok > 0, `${killed} backends terminated, ${writes.ok} ads posted`);
  check('A: recovered within 5 s of the last kill', recoveredAt > 0 && recoveredAt - lastKill < 5000, recoveredAt ? `${recoveredAt - lastKill} ms` : 'no write succeeded after the last kill');
}

// ---------------------------------------------------------------- B. SIGTERM under keep-alive load

async function phaseShutdown(server: Server, admin: pg.Client): Promise<void> {
  console.log('\nB. SIGTERM under keep-alive load');
  const tokens = await sellers(80);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const results = tally();
  let refused = 0;
  let reset = 0;
  const acked: string[] = [];
  let n = 0;
  let sentSignal = 0;
  const deadline = Date.now() + SECONDS * 1000 + 20_000;
  const worker = async () => {
    for (let i = 0; Date.now() < deadline && i < 500; i++) {
      let r: Result;
      if (i % 2 === 0) {
        const mine = ++n;
        const { body, type } = await adBody(`rel-${RUN}-b${mine}`);
        r = await request(agent, 'POST', '/api/listings', { 'Content-Type': type, Authorization: `Bearer ${tokens[mine % tokens.length]}` }, body);
        if ('status' in r && r.status === 201) acked.push((JSON.parse(r.body) as { _id: string })._id);
      } else r = await request(agent, 'GET', '/api/listings?limit=5', {});
      if ('error' in r) {
        // Refused: the listening socket is closed, the request was never accepted. Anything else lost an answer.
        if (r.error === 'ECONNREFUSED') refused++;
        else reset++;
        if (r.error === 'ECONNREFUSED' || sentSignal) return;
        continue;
      }
      count(results, r);
    }
  };
  const workers = Array.from({ length: 16 }, () => worker());
  await sleep(1500);
  sentSignal = Date.now();
  server.child.kill('SIGTERM');
  await Promise.all(workers);
  const code = await Promise.race([server.exited, sleep(30_000).then(() => 'timeout' as const)]);
  const exitMs = Date.now() - sentSignal;
  agent.destroy();
  const { missing } = await verifyWrites(admin, acked);
  console.log(`  answered: ${show(results)}; refused after close: ${refused}; reset: ${reset}`);
  console.log(`  exit code ${code} after ${exitMs} ms`);
  check('B: no in-flight request reset', reset === 0, `${reset} reset`);
  check('B: every answer before exit was a success', failed(results) === 0, show(results));
  check('B: acknowledged writes missing', missing === 0, `${missing} of ${acked.length}`);
  check('B: exit code 0 within the grace period', code === 0 && exitMs < 15_000, `${code} after ${exitMs} ms`);
}

// ---------------------------------------------------------------- C. floods and hostile bytes

/** Streams `total` bytes after the head from one reused buffer until the server answers or closes. */
function flood(head: string, total: number, chunked: boolean): Promise<{ status: number; sentMb: number; ms: number }> {
  return new Promise((resolve) => {
    const began = Date.now();
    const socket = net.connect(PORT, '127.0.0.1');
    const piece = Buffer.alloc(64 * 1024, 0x61);
    const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
    let sent = 0;
    let response = '';
    socket.on('error', () => {});
    socket.on('data', (c: Buffer) => (response += c.toString('latin1')));
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0), sentMb: Math.round(sent / MB), ms: Date.now() - began }));
    socket.setTimeout(60_000, () => socket.destroy());
    socket.write(head);
    const pump = () => {
      while (!response && !socket.destroyed && sent < total) {
        sent += piece.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
      if (sent >= total && !socket.destroyed) socket.end(chunked ? '0\r\n\r\n' : '');
    };
    socket.on('connect', pump);
  });
}

async function phaseFloods(server: Server): Promise<void> {
  console.log('\nC. 32 bodies of 100 MB at once, then hostile bytes');
  const token = await signUp();
  await sleep(1000);
  const idle = rssMb(server.pid);
  const rss = sampleRss(server.pid);
  // The prober runs in a thread of its own: the flooding sockets keep this thread busy, and that
  // delay is the client's, not the server's.
  const prober = new Worker(PROBER_SOURCE, { eval: true, workerData: { port: PORT } });
  await new Promise((resolve) => prober.once('message', resolve));
  const SIZE = 100 * MB;
  const h = (method: string, target: string, headers: string) => `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextIp()}\r\n${headers}\r\n`;
  const boundary = 'relflood';
  const multipartHead = `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const kinds = [
    { name: 'JSON API, declared length', head: () => h('POST', '/api/auth/login', `Content-Type: application/json\r\nContent-Length: ${SIZE}\r\n`), chunked: false },
    { name: 'JSON API, chunked', head: () => h('POST', '/api/contact', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n'), chunked: true },
    { name: 'page form, chunked', head: () => h('POST', '/contact-form', `Content-Type: application/x-www-form-urlencoded\r\nOrigin: ${ORIGIN}\r\nTransfer-Encoding: chunked\r\n`), chunked: true },
    {
      name: 'ad with one 100 MB photo',
      head: () => `${h('POST', '/api/listings', `Content-Type: multipart/form-data; boundary=${boundary}\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${SIZE}\r\n`)}${multipartHead}`,
      chunked: false,
    },
    ...textBodiesToPhotoRoutes(h, ORIGIN),
  ];
  const began = Date.now();
  const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => flood(kinds[i % kinds.length]!.head(), SIZE, kinds[i % kinds.length]!.chunked).then((a) => ({ ...a, kind: kinds[i % kinds.length]!.name }))));
  const floodMs = Date.now() - began;
  const probed = new Promise<{ times: number[]; failed: number }>((resolve) => prober.once('message', resolve));
  prober.postMessage('stop');
  const { times: healthTimes, failed: healthFailed } = await probed;
  const probeTimes = probeFigures(healthTimes);
  await prober.terminate();
  rss.stop();
  const byKind = kinds.map((k) => {
    const mine = answers.filter((a) => a.kind === k.name);
    return `${k.name}: ${mine.map((a) => a.status).join(',')} after at most ${Math.max(...mine.map((a) => a.sentMb))} MB sent, ${Math.max(...mine.map((a) => a.ms))} ms`;
  });
  for (const line of byKind) console.log(`  ${line}`);
  console.log(`  idle RSS ${idle} MB, peak ${rss.peak()} MB (+${rss.peak() - idle} MB); /api/health median ${probeTimes.median} ms, p95 ${probeTimes.p95} ms, worst ${probeTimes.worst} ms of ${healthTimes.length + healthFailed} probes; flood took ${floodMs} ms`);
  check('C: every flooded body refused with 413', answers.every((a) => a.status === 413), answers.filter((a) => a.status !== 413).map((a) => `${a.kind}: ${a.status}`).join('; ') || '32 x 413');
  check('C: RSS within 300 MB of idle', rss.peak() - idle <= 300, `+${rss.peak() - idle} MB`);
  // The bound is the server's (issue 13: a flood once stalled health for 7 s). On two cores shared
  // with the flooding client, the prober and PostgreSQL, one probe in forty can wait 300 ms for the
  // scheduler (CI, 1 December, speed ~800): so 95% within 200 ms, none beyond a second, none failed.
  check(
    'C: /api/health under 200 ms during the flood (p95; none over 1 s)',
    probeTimes.p95 < 200 && probeTimes.worst < 1000 && healthFailed === 0 && healthTimes.length > 0,
    `p95 ${probeTimes.p95} ms, worst ${probeTimes.worst} ms, ${healthFailed} failed`,
  );

  // Hostile bytes: each must get a 4xx (or be closed by Node's parser with one), never a 5xx or a hang.
  const hostile: Array<{ name: string; raw: string; expect: RegExp }> = [
    { name: 'NUL in the query', raw: 'GET /api/listings?search=a%00b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', expect: /^HTTP\/1\.1 400/ },
    { name: 'broken escape in a page address', raw: 'GET /listings?search=%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', expect: /^HTTP\/1\.1 400/ },
    { name: 'invalid UTF-8 in the path', raw: 'GET /listing/%C3%28 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', expect: /^HTTP\/1\.1 400/ },
    { name: 'CR/LF smuggled in the query', raw: 'GET /api/listings?search=a%0d%0aSet-Cookie:%20x=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', expect: /^HTTP\/1\.1 400/ },
    { name: 'raw control byte in a header', raw: 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\nConnection: close\r\n\r\n', expect: /^HTTP\/1\.1 400/ },
    { name: 'header block over 16 KB', raw: `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`, expect: /^HTTP\/1\.1 431/ },
    { name: 'NUL in a JSON field', raw: json('/api/contact', '{"name":"a\\u0000","email":"a@example.co.ke","subject":"s","message":"long enough message"}'), expect: /^HTTP\/1\.1 400/ },
    { name: 'invalid UTF-8 in a JSON body', raw: json('/api/auth/login', '{"email":"\xff\xfe","password":"x"}'), expect: /^HTTP\/1\.1 400/ },
    { name: 'wrong types in JSON', raw: json('/api/auth/register', '{"firstName":[],"lastName":{},"email":1,"password":null}'), expect: /^HTTP\/1\.1 400/ },
    { name: 'page form posted as JSON', raw: `POST /auth/login HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`, expect: /^HTTP\/1\.1 415/ },
    { name: 'conflicting Content-Length and Transfer-Encoding', raw: 'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n', expect: /^HTTP\/1\.1 400/ },
  ];
  let hostileOk = 0;
  for (const h of hostile) {
    const answer = await rawExchange(h.raw, 10_000);
    const ok = h.expect.test(answer);
    if (ok) hostileOk++;
    else console.log(`  hostile "${h.name}": got ${JSON.stringify(answer.slice(0, 80))}`);
  }
  check('C: hostile bytes answered 4xx', hostileOk === hostile.length, `${hostileOk} of ${hostile.length}`);
  const began408 = Date.now();
  const loris = await slowLoris();
  check('C: slow-loris connection dropped (HEADERS_TIMEOUT_SECONDS=3)', /^HTTP\/1\.1 408/.test(loris) && Date.now() - began408 < 6000, `${loris.slice(0, 12) || 'closed'} after ${Date.now() - began408} ms`);
  const health = await request(false, 'GET', '/api/health', {});
  check('C: server healthy afterwards', 'status' in health && health.status === 200, 'status' in health ? String(health.status) : health.error);
}

/** Median, 95th percentile (nearest rank) and worst of the probes' times, whole milliseconds. */
function probeFigures(times: number[]): { median: number; p95: number; worst: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const rank = (q: number) => Math.round(percentile(sorted, q) || 0);
  return { median: rank(0.5), p95: rank(0.95), worst: rank(1) };
}

/** Times GET /api/health every 50 ms until told to stop; answers { times, failed }. */
const PROBER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true });
let stop = false, failed = 0;
const times = [];
parentPort.on('message', () => { stop = true; });
const probe = () => new Promise((resolve) => {
  const began = performance.now();
  const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/health', agent }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - began : -1));
  });
  req.setTimeout(10000, () => req.destroy());
  req.on('error', () => resolve(-1));
});
(async () => {
  parentPort.postMessage('ready');
  while (!stop) {
    const ms = await probe();
    if (ms < 0) failed++; else times.push(ms);
    await new Promise((r) => setTimeout(r, 50));
  }
  parentPort.postMessage({ times, failed });
})();
`;

function json(target: string, body: string): string {
  const bytes = Buffer.from(body, 'latin1');
  return `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n${bytes.toString('latin1')}`;
}

function rawExchange(raw: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1');
    let answer = '';
    socket.on('error', () => {});
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.write(Buffer.from(raw, 'latin1'));
  });
}

function slowLoris(): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1');
    let answer = '';
    socket.on('error', () => {});
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const drip = setInterval(() => socket.writable && socket.write('a'), 500);
    socket.on('close', () => {
      clearInterval(drip);
      resolve(answer);
    });
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

// ---------------------------------------------------------------- main

async function main(): Promise<number> {
  console.log(`Soko reliability suite: production server on ${ORIGIN}, PostgreSQL database ${dbName}`);
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const appAdmin = new pg.Client({ connectionString: appDbUrl });
  let server: Server | undefined;
  try {
    server = await startServer();
    await appAdmin.connect();
    console.log(`  server pid ${server.pid}, RSS ${rssMb(server.pid)} MB after start-up`);
    if (args.phases.includes('a')) await phaseDatabaseFaults(server, appAdmin);
    if (args.phases.includes('b')) {
      await phaseShutdown(server, appAdmin);
      server = await startServer();
    }
    if (args.phases.includes('c')) await phaseFloods(server);
    const uploads: UploadPhaseContext<Server> = { port: PORT, dataDir, run: RUN, admin: appAdmin, check, sellers, startServer };
    if (args.phases.includes('p')) server = await phaseParallelPhotoPosts(uploads, server);
    if (args.phases.includes('f')) await phaseDiskFull(uploads, server);
    server.child.kill('SIGTERM');
    const code = await Promise.race([server.exited, sleep(20_000).then(() => 'timeout')]);
    check('end: server stops with exit code 0', code === 0, String(code));
    const kit = { startServer, check, origin: ORIGIN, appDbUrl, graceSeconds: 10 };
    if (args.phases.includes('r')) await phaseRedisOutage(kit);
    if (args.phases.includes('s')) await phaseShutdownAfterDatabaseOutage(kit);
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    const failedChecks = checks.filter((c) => !c.ok);
    if (failedChecks.length && server) console.log(`\nserver log (last 40 lines):\n${server.log.slice(-40).join('\n')}`);
    await appAdmin.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    if (!args['keep-logs']) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const bad = checks.filter((c) => !c.ok);
  console.log(`\n${checks.length - bad.length} of ${checks.length} checks passed${bad.length ? `; failed: ${bad.map((c) => c.what).join('; ')}` : ''}`);
  return bad.length ? 1 : 0;
}

const overall = setTimeout(() => {
  console.error(`reliability suite: gave up after ${OVERALL_MS / 60_000} minutes`);
  process.exit(1);
}, OVERALL_MS);
overall.unref();
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
