import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { suggestChunkUrl } from './scripts/search-suggest-url-plugin.ts';

// Unit and integration tests run in Node against a real migrated database (see tests/support/db.ts).
// Files share their worker's loaded modules (isolate: false): importing the app costs more than
// most files' tests, and the app keeps no state in modules (limits and caches are per app, and
// each file builds its own app over its own database). At least two workers, because much of a
// test's time is spent waiting (timeouts, child processes, sleeps), not computing.
export default defineConfig({
  // The header imports the suggestions' address from it (served from source here).
  plugins: [suggestChunkUrl()],
  // JSX for React's production build, which the tests load (test.env below).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Pages render with React's production build, as \`npm start\` runs them: the development
    // build rendered the fuzz and sweep files' thousands of pages about twice as slowly.
    env: { NODE_ENV: 'production' },
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
  },
});
