import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

type AxeNode = { target: unknown[]; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] };

/**
 * Runs axe-core on the current page and fails on serious or critical violations, listing each
 * rule with the elements it matched. Minor and moderate findings are returned, not failed on,
 * unless `failOn: 'all'` asks to fail on every impact (the issue 17 sweep does). `rules` runs
 * only the named axe rules, for a second look where only some things changed (a theme: colours).
 *
 * axe is injected with page.addScriptTag, which adds an inline <script>: our CSP
 * (script-src 'self' 'nonce-…') blocks that, so specs using this helper need
 * `test.use({ bypassCSP: true })`.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[]; failOn?: 'serious' | 'all'; rules?: string[] } = {}): Promise<AxeViolation[]> {
  // axe reads colours as they are at that instant: jump running transitions (a theme change fades
  // the colours) to their end, or it measures contrast halfway between two themes. Waiting for
  // them to finish instead hung in CI: a background page's animations may not advance at all.
  await page.evaluate(() => {
    for (const a of document.getAnimations()) if (a.effect?.getTiming().iterations !== Infinity) a.finish();
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async ({ exclude, rules }) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = exclude.length ? { include: [['html']], exclude: exclude.map((s) => [s]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'], ...(rules.length ? { runOnly: { type: 'rule', values: rules } } : {}) });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, { exclude: options.exclude ?? [], rules: options.rules ?? [] });
  const serious = options.failOn === 'all' ? violations : violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1, 3).join(' ') ?? ''}`).join('\n')}`)
    .join('\n');
  expect(serious, `axe found ${options.failOn === 'all' ? '' : 'serious/critical '}violations on ${page.url()}:\n${report}`).toEqual([]);
  return violations;
}
