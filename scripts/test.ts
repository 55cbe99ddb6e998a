/**
 * `npm test`: the whole suite. Unit and integration tests (Vitest) against PGlite, or against
 * PostgreSQL when TEST_DATABASE_URL is set, and the browser tests (Playwright + Chromium).
 * Ends with one "N passed, N failed" line; exits non-zero on any failure, any skipped test, and
 * any browser test that passed only on a retry (counted as failed).
 *
 * The two halves run at the same time, each line of their output marked [unit] or [browser].
 * Neither keeps both cores busy alone: Vitest's files wait on timers, child processes and
 * sockets, and the browser half first builds the app and starts its server, one core's work
 * for most of a minute, then waits on Chromium. Run one after the other, the suite took about
 * a third longer.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-test-report-'));
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
const only = process.argv[2]; // "unit" or "e2e" to run one half
if (only && only !== 'unit' && only !== 'e2e') {
  console.error('Usage: npm test [unit|e2e]');
  process.exit(2);
}

/** Runs a Node script, its output passed through line by line with a label when both halves run. */
function run(label: string, cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, [path.join(root, cmd), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours survive the pipe when the terminal has them.
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
  });
  const prefix = only ? '' : `[${label}] `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

type Count = { passed: number; failed: number; skipped: number; exitCode: number };

async function unit(): Promise<Count> {
  const exitCode = await run('unit', 'node_modules/vitest/vitest.mjs', ['run'], { VITEST_JSON: vitestJson });
  if (!fs.existsSync(vitestJson)) return { passed: 0, failed: 0, skipped: 0, exitCode: exitCode || 1 };
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0), exitCode };
}

async function browser(): Promise<Count> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.error(`Browser tests need Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
    return { passed: 0, failed: 1, skipped: 0, exitCode: 1 };
  }
  let exitCode = await run('browser', 'node_modules/@playwright/test/cli.js', ['test'], { PLAYWRIGHT_JSON: playwrightJson });
  if (!fs.existsSync(playwrightJson)) return { passed: 0, failed: 0, skipped: 0, exitCode: exitCode || 1 };
  const s = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).stats;
  // A test that passed only when tried again ("flaky") is a failing test.
  if (s.flaky > 0) console.error(`${s.flaky} browser test(s) passed only on a retry; they count as failed.`);
  if (s.expected === 0 || s.flaky > 0) exitCode ||= 1;
  return { passed: s.expected, failed: s.unexpected + s.flaky, skipped: s.skipped, exitCode };
}

const halves = await Promise.all([only !== 'e2e' ? unit() : null, only !== 'unit' ? browser() : null]);
const total = halves.reduce<Count>(
  (sum, half) => (half ? { passed: sum.passed + half.passed, failed: sum.failed + half.failed, skipped: sum.skipped + half.skipped, exitCode: sum.exitCode || half.exitCode } : sum),
  { passed: 0, failed: 0, skipped: 0, exitCode: 0 },
);

if (total.skipped > 0) {
  console.error(`${total.skipped} test(s) were skipped; a skipped test is not coverage.`);
  total.exitCode ||= 1;
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.exitCode || (total.failed > 0 ? 1 : 0));
