/**
 * The configuration a command-line script runs with (npm run seed, npm run admin): the
 * environment, with a local .env under it, validated by the one config module. A bad value
 * ends the script with the message naming the variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { DatabaseInUseError } from '../server/db/data-dir-lock.ts';

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

/** The services a script opens, or the end of the script with the message alone when another process has the embedded database. */
export function openedOrExit<T>(opening: Promise<T>): Promise<T> {
  return opening.catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
}
