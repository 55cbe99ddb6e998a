import { describe, expect, it } from 'vitest';
import { cpuPerRequest, cpuSnapshot, statCpuSeconds } from '../../scripts/bench-search/cpu-accounting';

describe("the search benchmark's CPU accounting", () => {
  it('reads utime and stime from a stat line whose command name holds spaces and parentheses', () => {
    // Fields after the name: state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt, majflt, cmajflt, utime, stime, ...
    const stat = '4242 (node (bench) x) R 1 4242 4242 0 -1 4194304 100 0 0 0 1234 567 0 0 20 0 11 0';
    expect(statCpuSeconds(stat)).toBeCloseTo(18.01, 6);
  });

  it("takes the load generator's own thread out of the server's helper threads", () => {
    // Backend 12 closed during the run (its CPU goes with it), 14 started during it.
    const before = { process: 10, main: 6, postgres: new Map([['11', 50], ['12', 40]]), at: 0 };
    const after = { process: 14, main: 8.5, postgres: new Map([['11', 50.6], ['14', 0.4]]), at: 2000 };
    const cpu = cpuPerRequest(before, after, 500, 0.5);
    expect(cpu.mainMs).toBeCloseTo(5, 6);
    expect(cpu.helpersMs).toBeCloseTo(2, 6);
    expect(cpu.postgresMs).toBeCloseTo(2, 6);
    expect(cpu.loadGeneratorMs).toBeCloseTo(1, 6);
    expect(cpu.cores).toBeCloseTo(2.5, 6);
  });

  it('leaves the load generator in the helpers when the server runs in processes of its own (--processes N)', () => {
    const before = { process: 10, main: 6, postgres: new Map(), at: 0, serverApart: true };
    const after = { process: 14, main: 8.5, postgres: new Map(), at: 2000, serverApart: true };
    const cpu = cpuPerRequest(before, after, 500, 0.5);
    expect(cpu.mainMs).toBeCloseTo(5, 6);
    expect(cpu.helpersMs).toBeCloseTo(3, 6);
    expect(cpu.loadGeneratorMs).toBeCloseTo(1, 6);
  });

  it('sums the server processes it is given (Linux /proc)', () => {
    const one = cpuSnapshot(false, [process.pid]);
    if (!one) return; // not Linux: nothing is reported
    const twice = cpuSnapshot(false, [process.pid, process.pid])!;
    expect(twice.serverApart).toBe(true);
    expect(twice.main).toBeGreaterThanOrEqual(2 * one.main);
    expect(twice.process).toBeGreaterThanOrEqual(2 * one.process);
  });

  it('counts this process as it runs (Linux /proc)', () => {
    const first = cpuSnapshot(false);
    if (!first) return; // not Linux: nothing is reported
    // Spin until the process has had 150 ms of CPU, not for 150 ms of wall time: on a loaded
    // machine (the suite's other files run beside this one) the second gave it 50 ms or less.
    const cpu = process.cpuUsage();
    const giveUp = performance.now() + 10_000;
    while (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system < 150_000 && performance.now() < giveUp);
    const second = cpuSnapshot(false)!;
    expect(second.main - first.main).toBeGreaterThan(0.05);
    expect(second.process).toBeGreaterThanOrEqual(second.main);
    expect(second.postgres.size).toBe(0);
  });
});
