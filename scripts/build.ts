/**
 * Builds the web app in every language (docs/decisions/swahili-i18n.md): English into
 * `buildDir`, Swahili into `buildDir-sw`, each a `react-router build` with its SOKO_LOCALE.
 * npm start (build-if-stale.ts), the browser tests' server and bench:pages build through it.
 *
 *   npm run build                  # both languages into BUILD_DIR (default build)
 *   npm run build -- --locale en   # one language only
 *
 * The two builds run at the same time: each spends much of its time waiting on one thread of
 * Vite's plugins, so on two cores both take little longer than one (figures in the record).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildLocale, localeBuildDir, LOCALES, type Locale } from '../kernel/i18n/locales.ts';

export async function buildApp(root: string, buildDir: string, locales: readonly Locale[] = LOCALES, log: 'inherit' | 'ignore' = 'inherit'): Promise<void> {
  const failed = (await Promise.all(locales.map((locale) => buildOne(root, buildDir, locale, log)))).filter((f) => f !== null);
  if (failed.length) throw new Error(`the web app's build failed: ${failed.join(', ')}`);
}

function buildOne(root: string, buildDir: string, locale: Locale, log: 'inherit' | 'ignore'): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.js'), 'build'], {
      cwd: root,
      stdio: ['ignore', log, 'inherit'],
      // BUILD_DIR is the English folder; react-router.config.ts puts the Swahili build beside it.
      env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir, SOKO_LOCALE: locale },
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code === 0 ? null : `${localeBuildDir(buildDir, locale)} (exit ${code})`));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { locale: { type: 'string' } } });
  const root = path.resolve(import.meta.dirname, '..');
  const locales = values.locale ? [buildLocale(values.locale)] : LOCALES;
  const started = performance.now();
  buildApp(root, process.env.BUILD_DIR ?? 'build', locales).then(
    () => console.log(`Built ${locales.join(' and ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
