/**
 * Issue 16 point 10: JavaScript is at most 115 KB gzipped on every route. Checked on the build
 * the browser suite runs against (scripts/e2e-server.ts builds it into E2E_BUILD_DIR), from its
 * manifest, as `npm run bench:pages` counts it: no page is opened, well under a second.
 */
import path from 'node:path';
import { jsPerRoute, JS_BUDGET_GZIP } from '../../scripts/js-per-route.ts';
import { expect, test } from './support';

test('every route ships at most 115 KB of gzipped JavaScript', { tag: '@one-viewport' }, () => {
  const routes = jsPerRoute(path.resolve(import.meta.dirname, '../..', process.env.E2E_BUILD_DIR ?? 'build-e2e'));
  expect(routes.length).toBeGreaterThan(30);
  const over = routes.filter((r) => r.bytes > JS_BUDGET_GZIP).map((r) => `${r.route}: ${(r.bytes / 1000).toFixed(1)} kB`);
  expect(over, `over ${JS_BUDGET_GZIP / 1000} kB gzip`).toEqual([]);
});
