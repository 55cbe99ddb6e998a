import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Which build of React this process runs, read from the files Node has loaded (React picks
 * its build from NODE_ENV when first imported, so this is the truth, not the setting).
 */
export function loadedReactBuild(): 'production' | 'development' | 'not loaded' {
  // Node pre-registers both branches of React's index.js when it reads its exports for ESM;
  // only the one that ran is loaded.
  const files = Object.entries(require.cache)
    .filter(([f, m]) => m?.loaded && /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(f))
    .map(([f]) => f);
  if (files.some((f) => f.endsWith('.development.js'))) return 'development';
  if (files.some((f) => f.endsWith('.production.js'))) return 'production';
  return 'not loaded';
}
