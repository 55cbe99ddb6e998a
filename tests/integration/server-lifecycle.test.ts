import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { listen, type ListenOptions } from '../../server/http/serve.ts';
import { createLogger } from '../../server/logger.ts';
import { openDatabase } from '../../server/db/client.ts';
import { pgliteTemplate } from '../support/templates.ts';
import { standInBuild } from '../support/stand-in-build.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A test app whose /slow answers after the given milliseconds, and whose /gate answers when released. */
function slowApp() {
  const app = new Hono();
  app.get('/slow', async (c) => {
    await new Promise((r) => setTimeout(r, Number(c.req.query('ms') ?? 400)));
    return c.text('done');
  });
  app.get('/fast', (c) => c.text('fast'));
  return app;
}

async function start(app: Hono, options: Partial<ListenOptions> = {}) {
  let drained = 0;
  const running = await listen(app.fetch, {
    hostname: '127.0.0.1',
    port: 0,
    logger: createLogger('silent'),
    onDrained: async () => {
      drained = Date.now();
    },
    ...options,
  });
  return { running, base: `http://127.0.0.1:${running.port}`, drainedAt: () => drained };
}

type Answer = { status: number; connection: string | undefined; body: string };
function get(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      })
      .on('error', reject);
  });
}

describe('the socket idle timeout (issue 49, point 3)', () => {
  it('never cuts a request whose whole body is in and whose answer is being worked on', async () => {
    const { running, base } = await start(slowApp(), { socketIdleTimeoutMs: 300 });
    try {
      // Silent for four idle timeouts while the server works (an ad post waiting for the image queue).
      const answer = await get(new http.Agent(), `${base}/slow?ms=1200`);
      expect(answer).toMatchObject({ status: 200, body: 'done' });
    } finally {
      await running.shutdown('test');
    }
  });

  it('still drops a client that stops sending its body half-way', async () => {
    const app = new Hono();
    app.post('/upload', async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
    const { running } = await start(app, { socketIdleTimeoutMs: 300 });
    try {
      const socket = net.connect(running.port, '127.0.0.1');
      const began = Date.now();
      const closed = new Promise<string>((resolve) => {
        let got = '';
        socket.on('data', (c: Buffer) => (got += c.toString()));
        socket.on('close', () => resolve(got));
      });
      socket.on('error', () => {});
      socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nhalf');
      expect(await closed).toBe('');
      expect(Date.now() - began).toBeLessThan(3000);
    } finally {
      await running.shutdown('test');
    }
  });
});

describe('keep-alive between requests', () => {
  /** Sends GET /fast on the socket and resolves with the answer's head once it is all in. */
  function ask(socket: net.Socket): Promise<string> {
    return new Promise((resolve, reject) => {
      let got = '';
      const onData = (c: Buffer) => {
        got += c.toString();
        if (got.endsWith('fast')) {
          socket.off('data', onData);
          resolve(got);
        }
      };
      socket.on('data', onData);
      socket.once('error', reject);
      socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    });
  }

  it('tells the client its keep-alive time, keeps an idle connection that long, then closes it', async () => {
    const { running } = await start(slowApp(), { keepAliveTimeoutMs: 1500 });
    try {
      const socket = net.connect(running.port, '127.0.0.1');
      let closedAt = 0;
      socket.on('close', () => (closedAt = Date.now()));
      const first = await ask(socket);
      expect(first).toMatch(/^Keep-Alive: timeout=1\r$/im);
      // Idle for most of its time, then used again: the server has not closed it.
      await new Promise((r) => setTimeout(r, 1000));
      expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200/);
      const idleFrom = Date.now();
      await new Promise((r) => setTimeout(r, 3000));
      expect(closedAt).toBeGreaterThanOrEqual(idleFrom + 1400);
    } finally {
      await running.shutdown('test');
    }
  });

  it('waits 65 s by default, above the 60 s idle timeout of common load balancers', async () => {
    const { running } = await start(slowApp());
    try {
      const socket = net.connect(running.port, '127.0.0.1');
      expect(await ask(socket)).toMatch(/^Keep-Alive: timeout=65\r$/im);
      socket.destroy();
    } finally {
      await running.shutdown('test');
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones, then closes resources', async () => {
    const { running, base, drainedAt } = await start(slowApp());
    const inFlight = fetch(`${base}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const stopped = running.shutdown('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('done');
    await stopped;
    expect(drainedAt()).toBeGreaterThan(0);
    await expect(fetch(`${base}/slow`)).rejects.toThrow();
  });

  it('under keep-alive load: in-flight answers say Connection: close, idle sockets are closed, nothing is reset', async () => {
    const { running, base, drainedAt } = await start(slowApp());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    // Warm eight keep-alive sockets, then leave one idle and put slow requests on the others.
    await Promise.all(Array.from({ length: 8 }, () => get(agent, `${base}/fast`)));
    const idle = new net.Socket();
    await new Promise<void>((resolve) => idle.connect(running.port, '127.0.0.1', resolve));
    const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()));
    const inFlight = Array.from({ length: 6 }, () => get(agent, `${base}/slow?ms=600`));
    await new Promise((r) => setTimeout(r, 100));
    const began = Date.now();
    const stopped = running.shutdown('SIGTERM');
    const answers = await Promise.all(inFlight);
    for (const a of answers) expect(a).toEqual({ status: 200, connection: 'close', body: 'done' });
    await idleClosed;
    await stopped;
    // Well inside the 10 s grace: nothing waited for the grace period to run out.
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(drainedAt()).toBeGreaterThan(0);
    await expect(get(new http.Agent(), `${base}/fast`)).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });

  it('with a drain delay: readiness turns 503 at once, requests are served meanwhile, and a keep-alive client that stops on 503 sees no reset', async () => {
    let notReady = false;
    const app = slowApp();
    app.get('/ready', (c) => c.text(notReady ? 'draining' : 'ready', notReady ? 503 : 200));
    const { running, base, drainedAt } = await start(app, { drainMs: 600, onDrainStart: () => (notReady = true) });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    let served = 0;
    const errors: string[] = [];
    // A load balancer's view: it polls readiness and stops sending new requests once it answers 503.
    let balancerSends = true;
    const poller = (async () => {
      while (balancerSends) {
        const r = await get(agent, `${base}/ready`).catch((error: Error) => ({ status: 0, body: error.message }));
        if (r.status !== 200) balancerSends = false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const clients = Array.from({ length: 4 }, async () => {
      while (balancerSends) {
        try {
          const r = await get(agent, `${base}/fast`);
          if (r.status === 200) served++;
          else errors.push(`status ${r.status}`);
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const began = Date.now();
    const stopped = running.shutdown('SIGTERM');
    await Promise.all([poller, ...clients]);
    // The balancer noticed well within the drain: the server was still serving then.
    expect(Date.now() - began).toBeLessThan(600);
    expect(drainedAt()).toBe(0);
    await stopped;
    expect(errors).toEqual([]);
    expect(served).toBeGreaterThan(20);
    expect(drainedAt()).toBeGreaterThan(0);
    agent.destroy();
  });

  it('cuts requests still running after the grace period, then completes', async () => {
    const { running, base, drainedAt } = await start(slowApp(), { graceMs: 300 });
    const stuck = fetch(`${base}/slow?ms=20000`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    const began = Date.now();
    await running.shutdown('SIGTERM');
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(await stuck).toBe('cut');
    expect(drainedAt()).toBeGreaterThan(0);
  });
});

describe('slow clients', () => {
  it('drops a connection that does not finish its headers in time (slow-loris)', async () => {
    const { running } = await start(slowApp(), { headersTimeoutMs: 500 });
    const socket = net.connect(running.port, '127.0.0.1');
    const began = Date.now();
    const answer = new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (c: Buffer) => (data += c));
      socket.on('close', () => resolve(data));
    });
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const trickle = setInterval(() => socket.writable && socket.write('a'), 100);
    const received = await answer;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - began).toBeLessThan(3_000);
    await running.shutdown('test');
  });
});

describe('npm start', () => {
  it('runs React production in the server process and exits 0 on SIGTERM', async () => {
    // A stand-in build: start.ts serves it without rebuilding.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-start-'));
    standInBuild(path.join(dir, 'build'));
    // The database folder starts as a copy of the migrated template, as the browser-test server's
    // does: creating and migrating a new one is what a first start does, and took most of this
    // test's time; starting over an existing folder is what every later start does.
    const seeded = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data', 'pglite'), loadDataDir: await pgliteTemplate() });
    await seeded.close();
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
      cwd: root,
      // Even an explicit development setting does not make npm start run React's development build.
      env: { ...process.env, NODE_ENV: 'development', BUILD_DIR: path.join(dir, 'build'), DATA_DIR: path.join(dir, 'data'), PORT: '0', DATABASE_URL: '', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const listening = await new Promise<{ port: number; react: string; env: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start-up line:\n${out}`)), 60_000);
        child.stdout.on('data', () => {
          const line = out.split('\n').find((l) => l.includes('"Soko is listening"'));
          if (line) {
            clearTimeout(timer);
            resolve(JSON.parse(line));
          }
        });
      });
      expect(listening.react).toBe('production');
      expect(listening.env).toBe('production');
      expect(out).toContain('NODE_ENV=development ignored');
      const health = await fetch(`http://127.0.0.1:${listening.port}/api/health`);
      expect(health.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"stopped"');
      // The background jobs that run at start-up ran against the real database, and stop() waited for them.
      expect(out).not.toContain('background job failed');
      expect(out).not.toContain('still running at shutdown');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('start-up configuration', () => {
  it('stops with a message naming the bad variable', () => {
    const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/index.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
  });
});
