/**
 * `npm run seed`: adds the demo accounts and listings to the configured database (DATABASE_URL,
 * or the embedded one under DATA_DIR) when it has no users yet, without starting the server.
 * `npm start` does the same on its first start unless SEED_DEMO_DATA=false.
 */
import { seedIfEmpty } from '../server/seed/seed.ts';
import { createServices } from '../server/services.ts';
import { loadScriptConfig, openedOrExit } from './script-config.ts';

const config = loadScriptConfig();
const { services, close } = await openedOrExit(createServices(config));
try {
  const seeded = await seedIfEmpty(services);
  console.log(seeded ? 'Demo data added (amina@demo.soko.co.ke / sokodemo123).' : 'The database already has users: nothing added.');
} finally {
  await close();
}
