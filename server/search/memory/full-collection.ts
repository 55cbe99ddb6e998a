import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * A load parses a million ads' JSON and a warm-up answers thousands of searches: both leave the
 * heap full of garbage that V8 has no reason to collect yet, and the young generation grown to
 * its largest. A process that collects once, before it says it is ready, started serving about
 * 70 MB smaller at 1,000,000 ads, and was still smaller after the search benchmark's runs
 * (DESIGN.md section 7: at most 600 MB a process; docs/decisions/full-collection-before-ready.md).
 *
 * V8's `gc` function is reached without `--expose-gc` on the command line (every way of starting
 * the server would need it) and without a global `gc` in the server's own context: the flag is
 * set for contexts made from now on, and one such context hands its `gc` back.
 */
let collect: (() => void) | null = null;

/** A full, blocking collection, and how long it held the thread (ms). Not for a serving process: at 1M ads it takes tens of milliseconds. */
export function fullCollection(): number {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  const started = performance.now();
  collect();
  return performance.now() - started;
}
