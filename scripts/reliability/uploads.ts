/**
 * Reliability phases of ad posts with photos (issue 49, points 3 and 4), run by
 * scripts/reliability.ts:
 *   P. 24 ads of three 1.9 MP photos posted at once, with a 5 s socket idle timeout
 *      (SOCKET_IDLE_TIMEOUT_SECONDS): every client gets an answer (201, or 503 with Retry-After
 *      from a full image queue), never a reset; the files posts leave for later survive a
 *      restart in the middle of making them, and are all made.
 *   F. DATA_DIR's tmp/ and media/ on full 8 MB filesystems (tmpfs, mounted as root): a post is
 *      answered 507 at once in the one error shape and logged, leaves no upload-* folder and no
 *      media file, saves nothing; with room again the same post is saved.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { cachedPhotos } from '../photo-cache.ts';

/** What these phases use of the suite's server under test. */
type PhaseServer = { log: string[]; child: { kill(signal: NodeJS.Signals): boolean }; exited: Promise<number | null> };

export type UploadPhaseContext<Server extends PhaseServer> = {
  port: number;
  dataDir: string;
  run: string;
  admin: pg.Client;
  check(what: string, ok: boolean, detail: string): void;
  sellers(count: number): Promise<string[]>;
  startServer(): Promise<Server>;
};

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number } | { error: string; ms: number };

/** A POST that waits up to three minutes for its answer: the server may take its time, it must not drop us. */
function post(port: number, pathname: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  const began = Date.now();
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: pathname, agent: false, headers: { ...headers, 'Content-Length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString(), ms: Date.now() - began }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, ms: Date.now() - began }));
    });
    req.setTimeout(180_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'CLIENT_TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, ms: Date.now() - began }));
    req.end(body);
  });
}

async function adBody(title: string, photos: Buffer[]): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, description: 'Posted by the reliability suite.', category: 'Furniture', price: '1500', currency: 'KES', location: 'Nairobi' })) form.append(k, v);
  for (const [i, p] of photos.entries()) form.append('images', new File([new Uint8Array(p)], `p${i}.jpg`, { type: 'image/jpeg' }));
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every file the pages use of an ad's photos: three WebP sizes each; the cover's cards and link preview. */
function expectedFiles(keys: string[]): string[] {
  return keys.flatMap((key, i) => [
    ...[400, 800, 1280].map((w) => `${key}-${w}.webp`),
    ...(i === 0 ? [...[320, 480].flatMap((w) => [`${key}-c${w}.avif`, `${key}-c${w}.webp`]), `${key}-og.jpg`] : []),
  ]);
}

export async function phaseParallelPhotoPosts<Server extends PhaseServer>(ctx: UploadPhaseContext<Server>, server: Server): Promise<Server> {
  console.log('\nP. 24 ads of three 1.9 MP photos at once (socket idle timeout 5 s), then a restart while their other files are made');
  const ADS = 24;
  const photos = await cachedPhotos(ADS * 3);
  const tokens = await ctx.sellers(ADS);
  const bodies = await Promise.all(Array.from({ length: ADS }, (_, i) => adBody(`rel-${ctx.run}-p${i}`, photos.slice(i * 3, i * 3 + 3))));
  const answers = await Promise.all(
    bodies.map(({ body, type }, i) => post(ctx.port, '/api/listings', { 'Content-Type': type, Authorization: `Bearer ${tokens[i]}`, 'X-Forwarded-For': `10.78.0.${i + 1}` }, body)),
  );
  const saved = answers.flatMap((a) => ('status' in a && a.status === 201 ? [(JSON.parse(a.body) as { _id: string })._id] : []));
  const busy = answers.filter((a) => 'status' in a && a.status === 503);
  const other = answers.filter((a) => !('status' in a) || (a.status !== 201 && a.status !== 503));
  const slowest = Math.max(...answers.map((a) => a.ms));
  console.log(`  answers: ${saved.length} x 201, ${busy.length} x 503, other: ${JSON.stringify(other.map((a) => ('error' in a ? a.error : a.status)))}; slowest ${slowest} ms`);
  ctx.check('P: every post answered 201, or 503 with Retry-After (no reset)', other.length === 0 && busy.every((a) => 'headers' in a && a.headers['retry-after']), `${other.length} other answers`);
  ctx.check('P: most posts saved', saved.length >= ADS / 2, `${saved.length} of ${ADS}`);
  const { rows } = await ctx.admin.query<{ id: string; keys: string[] }>(
    `select l.id::text, array_agg(i.storage_key order by i.position) as keys from listings l join listing_images i on i.listing_id = l.id where l.title like $1 group by l.id`,
    [`rel-${ctx.run}-p%`],
  );
  ctx.check('P: exactly the acknowledged ads are saved, each with its three photos', rows.length === saved.length && rows.every((r) => saved.includes(r.id) && r.keys.length === 3), `${rows.length} saved, ${saved.length} acknowledged`);

  // A page asks for a cover's card while its files may still be in the making: an image, never a 404.
  const cover = rows[0]?.keys[0];
  const card = cover ? await fetch(`http://127.0.0.1:${ctx.port}/media/${cover}-c320.avif`).then((r) => r.status, () => 0) : 0;
  ctx.check('P: a card asked for at once is answered with an image', card === 200, String(card));

  // This phase's own photos: earlier phases leave theirs queued too, and the job takes them in turn.
  const ownKeys = rows.flatMap((r) => r.keys);
  const pendingNow = async () => Number((await ctx.admin.query<{ n: string }>('select count(*) as n from pending_image_files where storage_key = any($1)', [ownKeys])).rows[0]!.n);
  const beforeRestart = await pendingNow();
  server.child.kill('SIGTERM');
  await Promise.race([server.exited, sleep(30_000)]);
  const atStop = await pendingNow();
  const restarted = await ctx.startServer();
  const began = Date.now();
  // The job takes the queue in order, earlier phases' photos first: up to 5 minutes on a slow machine.
  while ((await pendingNow()) > 0 && Date.now() - began < 300_000) await sleep(500);
  const left = await pendingNow();
  const mediaDir = path.join(ctx.dataDir, 'media');
  const missing = rows.flatMap((r) => expectedFiles(r.keys)).filter((f) => !fs.existsSync(path.join(mediaDir, f)));
  console.log(`  photos waiting for their other files: ${beforeRestart} after the posts, ${atStop} at the restart, ${left} ${Math.round((Date.now() - began) / 1000)} s after it`);
  ctx.check('P: every file the pages use is made, across a restart', left === 0 && missing.length === 0, `${left} waiting, ${missing.length} files missing${missing.length ? ` (${missing.slice(0, 3).join(', ')})` : ''}`);
  return restarted;
}

export async function phaseDiskFull<Server extends PhaseServer>(ctx: UploadPhaseContext<Server>, server: Server): Promise<void> {
  console.log('\nF. DATA_DIR on a full disk (tmp/ and media/ on full 8 MB tmpfs)');
  const tmp = path.join(ctx.dataDir, 'tmp');
  const media = path.join(ctx.dataDir, 'media');
  const mounted: string[] = [];
  try {
    for (const dir of [tmp, media]) {
      fs.mkdirSync(dir, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir], { stdio: 'pipe' });
      mounted.push(dir);
    }
  } catch (error) {
    ctx.check('F: full disk mounted (needs root: mount -t tmpfs)', false, error instanceof Error ? error.message.split('\n')[0]! : String(error));
    for (const dir of mounted.reverse()) execFileSync('umount', [dir]);
    return;
  }
  const fill = (dir: string) => {
    try {
      fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(16 * 1024 * 1024));
    } catch {
      // ENOSPC: the filler took every block there was.
    }
  };
  try {
    fill(tmp);
    fill(media);
    // The derived-files job may still be making earlier phases' files, and one can land between
    // a mount and its filler: what was there once both are full is not this post's to answer for.
    const before = new Set([...fs.readdirSync(tmp), ...fs.readdirSync(media)]);
    if (before.size > 2) console.log(`  written by the background job before the disks were full: ${[...before].filter((n) => n !== 'filler').join(', ')}`);
    const [token] = await ctx.sellers(1);
    const photos = (await cachedPhotos(3)).slice(0, 3);
    const title = `rel-${ctx.run}-full`;
    const { body, type } = await adBody(title, photos);
    const send = () => post(ctx.port, '/api/listings', { 'Content-Type': type, Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.79.0.1' }, body);
    // A file the job was writing then (its temp twin, "<name>.<pid>.<uuid>.tmp") is renamed to its name later: a rename takes no room.
    const jobs = (name: string) => before.has(name) || [...before].some((b) => b.startsWith(`${name}.`) && b.endsWith('.tmp'));
    const leftovers = (dir: string) => fs.readdirSync(dir).filter((n) => n !== 'filler' && !jobs(n));
    const savedAds = async () => Number((await ctx.admin.query<{ n: string }>('select count(*) as n from listings where title = $1', [title])).rows[0]!.n);
    const logLines = server.log.length;

    const whileUploading = await send();
    const shape = (a: Answer) => ('status' in a ? `${a.status} ${a.body.slice(0, 140)} after ${a.ms} ms` : `${a.error} after ${a.ms} ms`);
    console.log(`  both full: ${shape(whileUploading)}`);
    const clear = (a: Answer) => 'status' in a && a.status === 507 && /out of storage space/.test((JSON.parse(a.body) as { message?: string }).message ?? '') && Boolean(a.headers['retry-after']);
    ctx.check('F: upload to a full disk answered 507 with a clear message within 10 s', clear(whileUploading) && whileUploading.ms < 10_000, shape(whileUploading));
    ctx.check('F: its temp files removed at once, nothing stored or saved', leftovers(tmp).length === 0 && leftovers(media).length === 0 && (await savedAds()) === 0, `tmp: ${leftovers(tmp).join(',') || 'empty'}; media: ${leftovers(media).join(',') || 'empty'}`);
    ctx.check('F: the refusal is logged', server.log.slice(logLines).some((line) => /ENOSPC/.test(line)), `${server.log.length - logLines} new log lines`);

    fs.rmSync(path.join(tmp, 'filler'));
    const whileStoring = await send();
    console.log(`  media full: ${shape(whileStoring)}`);
    ctx.check('F: storing photos on a full disk answered 507, no half-written file, nothing saved', clear(whileStoring) && leftovers(media).length === 0 && leftovers(tmp).length === 0 && (await savedAds()) === 0, `${shape(whileStoring)}; media: ${leftovers(media).join(',') || 'empty'}`);

    fs.rmSync(path.join(media, 'filler'));
    const withRoom = await send();
    ctx.check('F: with room again the same post is saved', 'status' in withRoom && withRoom.status === 201, shape(withRoom));
  } finally {
    for (const dir of mounted.reverse()) execFileSync('umount', ['-l', dir]);
  }
}
