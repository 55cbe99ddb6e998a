import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createLogger } from '../server/logger.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { createLocalMediaStore } from '../server/media/storage.ts';
import { createSearchCache } from '../server/listings/search-cache.ts';
import { searchListings } from '../server/listings/queries.ts';
const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/soko_bench', searchPath: 'bench_search_4819', max: 4 });
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/inproc', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
const logger = createLogger('silent');
const services = { config, db: database.db, logger, mailer: createMailer({ smtpUrl: undefined, from: config.mail.from, outboxDir: config.outboxDir }, logger), media: createLocalMediaStore(config.mediaDir), searchCache: createSearchCache(60) };
const app = createApp(services as never);
const N = Number(process.env.N ?? 1000);
const client = (database.db as any).$client;
let queries = 0; const origQuery = client.query.bind(client); client.query = (...a: any[]) => { queries++; return origQuery(...a); };
for (let i = 0; i < 5; i++) await app.request('http://localhost:3000/api/listings?search=toyota');
queries = 0;
for (let i = 0; i < 10; i++) await app.request('http://localhost:3000/api/listings?search=toyota');
console.log('queries per 10 requests', queries, 'cache size', services.searchCache!.size);
queries = 0;
for (let i = 0; i < 10; i++) await searchListings(database.db, { search: 'toyota' }, { cache: services.searchCache });
console.log('domain queries per 10', queries);

for (const path of (process.env.ONLY ? [process.env.ONLY] : ['/api/health', '/api/listings?search=toyota', '/api/listings?search=qwxyzv'])) {
  for (let i = 0; i < 50; i++) await (await app.request('http://localhost:3000' + path, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
  const t = performance.now();
  for (let i = 0; i < N; i++) await (await app.request('http://localhost:3000' + path, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
  console.log(path, 'ms/req', ((performance.now() - t) / N).toFixed(3));
}
{ const t = performance.now(); for (let i = 0; i < N; i++) await searchListings(database.db, { search: 'toyota' }, { cache: services.searchCache }); console.log('domain toyota', ((performance.now() - t) / N).toFixed(3)); }
{ const t = performance.now(); for (let i = 0; i < N; i++) await database.db.execute('select 1' as never); console.log('select 1', ((performance.now() - t) / N).toFixed(3)); }
process.exit(0);
