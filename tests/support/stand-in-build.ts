import fs from 'node:fs';
import path from 'node:path';
import { localeBuildDir, LOCALES } from '../../kernel/i18n/locales.ts';

/**
 * A stand-in for the web app's build in `buildDir`, for tests that run `npm start` (scripts/start.ts)
 * and are about the server, not the pages: the real build takes a minute or more. Each language
 * gets one (English in buildDir, Swahili beside it), with a build stamp dated tomorrow so that
 * build-if-stale finds them fresh and builds nothing.
 */
export function standInBuild(buildDir: string) {
  const tomorrow = new Date(Date.now() + 86_400_000);
  for (const locale of LOCALES) {
    const dir = localeBuildDir(buildDir, locale);
    fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'server', 'index.js'), 'export default { routes: {} };\n');
    const stamp = path.join(dir, '.build-stamp');
    fs.writeFileSync(stamp, 'test');
    fs.utimesSync(stamp, tomorrow, tomorrow);
  }
}
