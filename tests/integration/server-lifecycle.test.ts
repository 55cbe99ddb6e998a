import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { listen } from '../../server/http/serve.ts';
import { createLogger } from '../../server/logger.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones, then closes resources', async () => {
    const app = new Hono();
    app.get('/slow', async (c) => {
      await new Promise((r) => setTimeout(r, 400));
      return c.text('done');
    });
    let closed = false;
    const running = await listen(app.fetch, {
      hostname: '127.0.0.1',
      port: 0,
      logger: createLogger('silent'),
      onDrained: async () => {
        closed = true;
      },
    });
    const base = `http://127.0.0.1:${running.port}`;
    const inFlight = fetch(`${base}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const stopped = running.shutdown('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('done');
    await stopped;
    expect(closed).toBe(true);
    await expect(fetch(`${base}/slow`)).rejects.toThrow();
  });
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
