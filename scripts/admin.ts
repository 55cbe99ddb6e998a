/**
 * `npm run admin -- --email someone@example.com`: makes an existing account an admin (a
 * moderator: the admin area at /admin and the /api/admin operations), on the configured
 * database (DATABASE_URL, or the embedded one under DATA_DIR). Run it with the server stopped
 * when the database is the embedded one: it belongs to one process, and the script is refused
 * while the server has it (server/db/data-dir-lock.ts).
 */
import { parseArgs } from 'node:util';
import { makeAdmin } from '../server/moderation/moderation.ts';
import { createServices } from '../server/services.ts';
import { loadScriptConfig, openedOrExit } from './script-config.ts';

let email: string | undefined;
try {
  email = parseArgs({ options: { email: { type: 'string' } } }).values.email;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
}
if (!email?.trim()) {
  console.error('Usage: npm run admin -- --email someone@example.com');
  process.exit(2);
}

const config = loadScriptConfig({ LOG_LEVEL: 'warn' });
const { services, close } = await openedOrExit(createServices(config));
const ok = await makeAdmin(services.db, email).finally(close);
if (!ok) {
  console.error(`No account with the e-mail ${email.trim()}. Register it first, then run this again.`);
  process.exit(1);
}
console.log(`${email.trim()} is now an admin: the admin area is at ${config.appUrl}/admin.`);
