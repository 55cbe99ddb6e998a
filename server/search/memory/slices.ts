/*
 * Long work on the index (loading, sorting the price orders, merging, compacting) is cut into
 * slices of at most SLICE_MS, with the event loop given back between them, so that requests keep
 * being answered (issue 41: never more than 50 ms at a time). Loops ask `due()` every few
 * thousand steps (reading the clock each step would cost more than the step) and `pause()` when
 * it says so.
 */

/** The longest the index's own work holds the event loop, give or take the steps between two checks. */
export const SLICE_MS = 8;

/**
 * The longest slice any Slicer held the event loop in this process, by the clock and by the
 * process's CPU time (on a machine shared with busier processes the clock also counts the time
 * the thread was not running at all): the benchmarks report them, takeLongestSlice resets them.
 */
export type LongestSlice = { ms: number; cpuMs: number; at?: string };
const longest: LongestSlice = { ms: 0, cpuMs: 0 };

/** A slice longer than this is traced to the code that ended it (`at`): the steps between two looks at the clock are too long there. */
const TRACE_PAST_MS = 4 * SLICE_MS;

/** The longest slice since the last call, in ms of the clock (and of CPU time), and where it ended if it was long. */
export function takeLongestSlice(): LongestSlice {
  const taken = { ...longest };
  longest.ms = 0;
  longest.cpuMs = 0;
  longest.at = undefined;
  return taken;
}

/** The longer of two slices. */
export const longerSlice = (a: LongestSlice, b: LongestSlice): LongestSlice => ({ ...(b.ms > a.ms ? b : a), cpuMs: Math.max(a.cpuMs, b.cpuMs) });

/** takeLongestSlice's answer as the benchmarks print it. */
export const sliceText = (slice: LongestSlice) => `${slice.ms.toFixed(0)} ms (${slice.cpuMs.toFixed(0)} ms of CPU)${slice.at ? `, ended in ${slice.at}` : ''}`;

function noteHeld(held: number) {
  if (held <= longest.ms) return;
  longest.ms = held;
  longest.at = held > TRACE_PAST_MS ? endedIn() : undefined;
}

/** The two innermost callers outside this file, as "function (file:line)". */
function endedIn(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1).map((line) => line.trim().replace(/^at (async )?/, ''));
  return frames
    .filter((frame) => !frame.includes('slices.ts') || frame.startsWith('sortSliced'))
    .slice(0, 2)
    .map((frame) => frame.replace(/\(.*\/([^/]+:\d+):\d+\)$/, '($1)'))
    .join(' < ');
}

export class Slicer {
  private started = performance.now();
  private cpuStarted = process.cpuUsage();
  /** Slices given back so far. */
  pauses = 0;

  due(): boolean {
    const held = performance.now() - this.started;
    noteHeld(held);
    if (held >= SLICE_MS) this.noteCpu();
    return held >= SLICE_MS;
  }

  private noteCpu() {
    const cpu = process.cpuUsage(this.cpuStarted);
    const ms = (cpu.user + cpu.system) / 1000;
    if (ms > longest.cpuMs) longest.cpuMs = ms;
  }

  /** Gives the event loop back (setImmediate: after the I/O waiting, not before it as a microtask would). */
  async pause(): Promise<void> {
    const held = performance.now() - this.started;
    noteHeld(held);
    this.noteCpu();
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.pauses++;
    this.resume();
  }

  /** Starts a new slice without counting the time since the last (an await of the database, which is not this thread's work on PostgreSQL). */
  resume() {
    this.started = performance.now();
    this.cpuStarted = process.cpuUsage();
  }

  /** pause() if due(). */
  async maybePause(): Promise<void> {
    if (this.due()) await this.pause();
  }
}

/** How many steps a loop takes between two looks at the clock. */
export const CHECK_EVERY = 2048;

/**
 * Sorts `slots` by `compare` in slices: runs of RUN sorted at once (well under a slice), then
 * merged pairwise, looking at the clock every CHECK_EVERY slots. Stable; returns the sorted array
 * (the input or its scratch twin).
 */
export async function sortSliced(slots: Int32Array, compare: (a: number, b: number) => number, slicer: Slicer): Promise<Int32Array> {
  const RUN = 1024;
  const n = slots.length;
  for (let from = 0; from < n; from += RUN) {
    slots.subarray(from, Math.min(n, from + RUN)).sort(compare);
    await slicer.maybePause();
  }
  let a = slots;
  let b: Int32Array = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const mid = Math.min(n, left + width);
      const right = Math.min(n, left + 2 * width);
      let i = left;
      let j = mid;
      let k = left;
      while (k < right) {
        const end = Math.min(right, k + CHECK_EVERY);
        for (; k < end; k++) {
          if (i < mid && (j >= right || compare(a[j]!, a[i]!) >= 0)) b[k] = a[i++]!;
          else b[k] = a[j++]!;
        }
        await slicer.maybePause();
      }
    }
    [a, b] = [b, a];
  }
  return a;
}
