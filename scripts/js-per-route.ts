/**
 * The gzipped JavaScript each route loads, read from a build (DESIGN.md section 7: at most 135 kB
 * gzip on every route). Used by `npm run bench:pages` (its table) and by the browser suite
 * (tests/e2e/page-weight.spec.ts, which checks the build it runs against).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** DESIGN.md section 7: JavaScript per route, gzip -9, kB = 1000 bytes. */
export const JS_BUDGET_GZIP = 135 * 1000;

/**
 * Per route: the entry, root and route chunks and their imports (what the page's modulepreload
 * links name), and the route manifest (manifest-*.js: every page loads it, react-router.config.ts),
 * each file gzipped at level 9, and how many files the modulepreload links name. Code loaded on a
 * tap (import()) is not counted. Largest first.
 */
export function jsPerRoute(buildDir: string): Array<{ route: string; bytes: number; scripts: number }> {
  const assets = path.join(buildDir, 'client');
  const manifestFile = fs.readdirSync(path.join(assets, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error(`No manifest-*.js in ${assets}/assets: is ${buildDir} a build?`);
  const manifestText = fs.readFileSync(path.join(assets, 'assets', manifestFile), 'utf8');
  const manifest = JSON.parse(manifestText.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, '')) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; hasDefaultExport?: boolean }>;
  };
  const gz = new Map<string, number>();
  const gzipped = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  const out = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === 'root' || route.hasDefaultExport === false) continue;
    const files = new Set([`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
    for (let r: typeof route | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    const bytes = [...files].reduce((n, f) => n + gzipped(f), 0);
    // The page's modulepreload links name every file but the route manifest (its own <script>).
    out.push({ route: route.index ? '/' : `/${route.path ?? route.id}`, bytes, scripts: files.size - 1 });
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}
