import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner, DEFAULT_JITTER, jitteredDelay } from '../../server/jobs/job-runner.ts';

/*
 * The background jobs' runner (server/jobs/job-runner.ts), on Vitest's fake clock: the waits,
 * the runs that take time and Date.now() all move only when a test moves them.
 */

type LogLine = { level: number; msg: string; job?: string; jobs?: string[]; err?: { message: string } };

function capturedLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Gaps between neighbouring numbers. */
const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('jitter', () => {
  it('moves each wait by at most the jitter share of the interval, either way', () => {
    expect(jitteredDelay(1_000, 0.1, () => 0)).toBe(900);
    expect(jitteredDelay(1_000, 0.1, () => 0.5)).toBe(1_000);
    expect(jitteredDelay(1_000, 0.1, () => 0.999_999)).toBe(1_100);
    expect(jitteredDelay(1_000, 0, () => 0)).toBe(1_000);
  });

  it('spreads the waits of a running job over the whole band, never outside it', async () => {
    const { logger } = capturedLogger();
    const jobs = createJobRunner({ logger });
    const starts: number[] = [];
    jobs.every('spread', 1_000, async () => void starts.push(Date.now()), { jitter: 0.2 });
    await vi.advanceTimersByTimeAsync(200_000);
    await jobs.stop();
    const waits = gaps(starts);
    expect(waits.length).toBeGreaterThan(150);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(800);
      expect(wait).toBeLessThanOrEqual(1_200);
    }
    // Random, not fixed: the waits reach both ends of the band.
    expect(Math.min(...waits)).toBeLessThan(850);
    expect(Math.max(...waits)).toBeGreaterThan(1_150);
  });

  it('is on by default, so processes started together drift apart', async () => {
    expect(DEFAULT_JITTER).toBeGreaterThan(0);
    const { logger } = capturedLogger();
    // Two processes' runners, the same job started at the same moment.
    const first = createJobRunner({ logger });
    const second = createJobRunner({ logger });
    const runs: Record<string, number[]> = { first: [], second: [] };
    first.every('alerts', 30_000, async () => void runs.first!.push(Date.now()), { runAtStart: true });
    second.every('alerts', 30_000, async () => void runs.second!.push(Date.now()), { runAtStart: true });
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    await Promise.all([first.stop(), second.stop()]);
    expect(runs.first![0]).toBe(runs.second![0]);
    const apart = runs.first!.slice(1, 8).map((time, i) => Math.abs(time - runs.second![i + 1]!));
    expect(apart.every((ms) => ms > 0)).toBe(true);
    for (const wait of [...gaps(runs.first!), ...gaps(runs.second!)]) {
      expect(wait).toBeGreaterThanOrEqual(30_000 * (1 - DEFAULT_JITTER));
      expect(wait).toBeLessThanOrEqual(30_000 * (1 + DEFAULT_JITTER));
    }
  });
});

describe('a job never overlaps itself', () => {
  it('waits for a run that takes longer than the interval before starting the next', async () => {
    const { logger } = capturedLogger();
    const jobs = createJobRunner({ logger });
    let active = 0;
    let most = 0;
    const runs: Array<{ start: number; end: number }> = [];
    jobs.every(
      'slow',
      100,
      async () => {
        active++;
        most = Math.max(most, active);
        const start = Date.now();
        await sleep(350);
        active--;
        runs.push({ start, end: Date.now() });
      },
      { runAtStart: true },
    );
    await vi.advanceTimersByTimeAsync(5_000);
    const stopped = jobs.stop();
    await vi.advanceTimersByTimeAsync(350);
    await stopped;
    expect(most).toBe(1);
    expect(runs.length).toBeGreaterThanOrEqual(9);
    // Each run begins one (jittered) interval after the previous one ended, not on a fixed beat.
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.start - runs[i - 1]!.end).toBeGreaterThanOrEqual(90);
  });
});

describe('failures', () => {
  it("are logged with the job's name, and the next run comes as usual", async () => {
    const { logger, lines } = capturedLogger();
    const jobs = createJobRunner({ logger });
    let attempts = 0;
    let otherRuns = 0;
    jobs.every('mail outbox', 1_000, async () => {
      attempts++;
      if (attempts === 1) throw new Error('SMTP is down');
    });
    // A job that throws before it returns a promise is caught the same way.
    jobs.every('media sweep', 1_000, (() => {
      throw new Error('no media folder');
    }) as () => Promise<void>);
    jobs.every('ad expiry', 1_000, async () => void otherRuns++);
    await vi.advanceTimersByTimeAsync(3_500);
    await jobs.stop();

    const failures = lines.filter((line) => line.err);
    expect(failures.find((line) => line.job === 'mail outbox')).toMatchObject({ level: 40, err: { message: 'SMTP is down' } });
    expect(failures.filter((line) => line.job === 'mail outbox')).toHaveLength(1);
    expect(failures.filter((line) => line.job === 'media sweep').length).toBeGreaterThanOrEqual(3);
    expect(failures.every((line) => line.job === 'mail outbox' || line.job === 'media sweep')).toBe(true);
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(otherRuns).toBeGreaterThanOrEqual(3);
  });
});

describe('stop()', () => {
  it('stops every job and waits for the run in progress to finish', async () => {
    const { logger } = capturedLogger();
    const jobs = createJobRunner({ logger });
    const events: string[] = [];
    let release!: () => void;
    jobs.every(
      'reconciliation',
      1_000,
      async () => {
        events.push('run started');
        await new Promise<void>((resolve) => (release = resolve));
        events.push('run finished');
      },
      { runAtStart: true },
    );
    let waitingRuns = 0;
    jobs.every('catch-up', 1_000, async () => void waitingRuns++);

    const stopped = jobs.stop().then(() => events.push('stopped'));
    // The waiting job's timer is gone at once; what is left is stop()'s own bound on its wait.
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events).toEqual(['run started']);
    release();
    await stopped;
    expect(events).toEqual(['run started', 'run finished', 'stopped']);
    expect(waitingRuns).toBe(0);
  });

  it('waits a bounded time for a run that never ends, and says which', async () => {
    const { logger, lines } = capturedLogger();
    const jobs = createJobRunner({ logger });
    jobs.every('stuck', 1_000, () => new Promise<void>(() => {}), { runAtStart: true });
    let resolved = false;
    const stopped = jobs.stop(500).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopped;
    expect(lines.find((line) => line.jobs)).toMatchObject({ level: 40, jobs: ['stuck'] });
  });

  it('leaves nothing to run afterwards: no timers, no runs, no new jobs', async () => {
    const { logger } = capturedLogger();
    const jobs = createJobRunner({ logger });
    const runs = { quick: 0, slow: 0 };
    jobs.every('quick', 100, async () => void runs.quick++, { runAtStart: true });
    jobs.every('slow', 100, async () => {
      runs.slow++;
      await sleep(250);
    });
    await vi.advanceTimersByTimeAsync(150);
    // 'slow' is in its first run now.
    expect(runs.slow).toBe(1);
    const stopped = jobs.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopped;
    const atStop = { ...runs };
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual(atStop);
    expect(() => jobs.every('late', 100, async () => {})).toThrow('The job runner is stopped: "late" was not started.');
  });
});

describe('scheduling', () => {
  it('runs at start only when asked, otherwise first after one wait', async () => {
    const { logger } = capturedLogger();
    const jobs = createJobRunner({ logger });
    const first: Record<string, number> = {};
    jobs.every('at start', 1_000, async () => void (first['at start'] ??= Date.now()), { runAtStart: true, jitter: 0 });
    jobs.every('after a wait', 1_000, async () => void (first['after a wait'] ??= Date.now()), { jitter: 0 });
    const began = Date.now();
    await vi.advanceTimersByTimeAsync(1_500);
    await jobs.stop();
    expect(first).toEqual({ 'at start': began, 'after a wait': began + 1_000 });
  });

  it('refuses a second job of the same name, an interval that is not positive and a jitter outside [0, 1)', () => {
    const { logger } = capturedLogger();
    const jobs = createJobRunner({ logger });
    jobs.every('alerts', 1_000, async () => {});
    expect(() => jobs.every('alerts', 1_000, async () => {})).toThrow('A job named "alerts" is already scheduled.');
    expect(() => jobs.every('zero', 0, async () => {})).toThrow('the interval must be a positive number of milliseconds, not 0');
    expect(() => jobs.every('nan', Number.NaN, async () => {})).toThrow('not NaN');
    expect(() => jobs.every('wild', 1_000, async () => {}, { jitter: 1 })).toThrow('the jitter must be at least 0 and below 1, not 1');
    expect(() => jobs.every('negative', 1_000, async () => {}, { jitter: -0.1 })).toThrow('not -0.1');
    return jobs.stop();
  });
});
