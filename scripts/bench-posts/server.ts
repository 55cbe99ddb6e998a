/**
 * The server `npm run bench:posts` measures, in a process of its own (its CPU is read from
 * /proc): the API of the tree at argv[2] (this one, or an older checkout to compare with) over
 * a new PGlite database in argv[3], on port argv[4]. It makes the sellers. The files posts leave
 * for later are not made while the posts run, so the CPU then is what sellers wait for; the
 * parent's 'settle' makes them (trees without deferred image work have none).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';

const [root, dataDir, port] = process.argv.slice(2) as [string, string, string];
const load = (file: string) => import(path.join(root, file));
const { loadConfig } = await load('server/config.ts');
const { createServices } = await load('server/services.ts');
const { createApp } = await load('server/app.ts');
const { listen } = await load('server/http/serve.ts');
const { insertUser } = await load('server/users/users.ts');
const { createSession } = await load('server/auth/sessions.ts');

const config = loadConfig(
  { NODE_ENV: 'production', DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', SEARCH_INDEX: 'off', TRUST_PROXY: 'true' },
  root,
);
const { services } = await createServices(config);
const derived = services.images?.derived;
// Stopped while the posts run, so the CPU measured then is what sellers wait for; 'settle' makes the rest.
await derived?.stop();
const app = createApp(services);
await listen(app.fetch, { hostname: '127.0.0.1', port: Number(port), logger: services.logger, onDrained: async () => {} });

const tokens: string[] = [];
for (let i = 0; i < 32; i++) {
  const user = await insertUser(services.db, {
    firstName: `Bench${i}`,
    lastName: 'Seller',
    email: `bench-${i}@example.co.ke`,
    password: 'bench-posts-password',
    phoneNumber: '+254712000000',
    location: 'Nairobi',
    createdAt: new Date(Date.now() - 30 * 86_400_000),
  });
  tokens.push((await createSession(services.db, user.id, { persistent: false })).token);
}
process.send!({ ready: true, tokens });
process.on('message', (message) => {
  if (message !== 'settle') return;
  void (async () => {
    if (derived) while ((await derived.runOnce()) > 0);
    // Ads saved, whatever their clients were told (before issue 49 a reset client's ad was saved all the same).
    const [row] = (await services.db.execute(sql`select count(*)::int as n from listings`)).rows as Array<{ n: number }>;
    process.send!({ settled: true, saved: row!.n });
  })();
});
