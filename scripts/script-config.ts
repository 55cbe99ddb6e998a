/**
 * The configuration a command-line script runs with (npm run seed, npm run admin): the
 * environment, with a local .env under it, validated by the one config module. A bad value
 * ends the script with the message naming the variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';

export const root = path.resolve(import.meta.dirname, '..');

export function loadScriptConfig(defaults: Record<string, string> = {}): Config {
  if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  try {
    return loadConfig({ ...defaults, ...definedOnly(process.env) }, root);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const definedOnly = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

export { openedOrExit } from '../server/db/data-dir-lock.ts';
