/**
 * `npm run seed`: adds the demo accounts and listings to the configured database (DATABASE_URL,
 * or the embedded one under DATA_DIR) when it has no users yet, without starting the server.
 * `npm start` does the same on its first start unless SEED_DEMO_DATA=false.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';
import { seedIfEmpty } from '../server/seed/seed.ts';
import { createServices } from '../server/services.ts';

const root = path.resolve(import.meta.dirname, '..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

let config;
try {
  config = loadConfig(process.env, root);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { services, close } = await createServices(config);
try {
  const seeded = await seedIfEmpty(services);
  console.log(seeded ? 'Demo data added (amina@demo.soko.co.ke / sokodemo123).' : 'The database already has users: nothing added.');
} finally {
  await close();
}
