/**
 * `npm test`: the whole suite. Unit and integration tests (Vitest) against PGlite, or against
 * PostgreSQL when TEST_DATABASE_URL is set, then the browser tests (Playwright + Chromium).
 * Ends with one "N passed, N failed" line; exits non-zero on any failure, any skipped test, and
 * any browser test that passed only on a retry (counted as failed).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-test-report-'));
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
const only = process.argv[2]; // "unit" or "e2e" to run one half
if (only && only !== 'unit' && only !== 'e2e') {
  console.error('Usage: npm test [unit|e2e]');
  process.exit(2);
}

const run = (cmd: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(root, cmd), ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

if (only !== 'e2e') {
  exitCode ||= run('node_modules/vitest/vitest.mjs', ['run'], { VITEST_JSON: vitestJson });
  if (fs.existsSync(vitestJson)) {
    const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else exitCode ||= 1;
}

if (only !== 'unit') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.error(`Browser tests need Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
    exitCode = 1;
    failed += 1;
  } else {
    exitCode ||= run('node_modules/@playwright/test/cli.js', ['test'], { PLAYWRIGHT_JSON: playwrightJson });
    if (fs.existsSync(playwrightJson)) {
      const s = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).stats;
      // A test that passed only when tried again ("flaky") is a failing test.
      if (s.flaky > 0) console.error(`${s.flaky} browser test(s) passed only on a retry; they count as failed.`);
      passed += s.expected;
      failed += s.unexpected + s.flaky;
      skipped += s.skipped;
      if (s.expected === 0 || s.flaky > 0) exitCode ||= 1;
    } else exitCode ||= 1;
  }
}

if (skipped > 0) {
  console.error(`${skipped} test(s) were skipped; a skipped test is not coverage.`);
  exitCode ||= 1;
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
