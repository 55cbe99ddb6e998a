import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs/job-runner.ts';
import { sweepMedia } from '../../server/media/sweep.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { mediaFiles, postAd } from './listings-support.ts';

/**
 * What crashes and failed writes leave in the media folder is swept at start-up and every
 * hour: half-written .tmp files, and image files no listing references, once they are an
 * hour old (younger ones may belong to an upload in progress).
 */
let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function put(name: string, ageMs: number): string {
  const file = path.join(t.config.mediaDir, name);
  fs.writeFileSync(file, 'x');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return name;
}

describe('media sweep', () => {
  it('removes old .tmp files and old unreferenced images; keeps referenced, young and foreign files', async () => {
    const { token } = await t.createUser();
    expect((await postAd(t, token)).status).toBe(201);
    const referenced = mediaFiles(t);
    expect(referenced.length).toBeGreaterThan(0);
    // Even old, the files of a live ad stay.
    for (const name of referenced) fs.utimesSync(path.join(t.config.mediaDir, name), new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));

    const orphanKey = randomUUID();
    const gone = [put(`${orphanKey}-400.webp`, 2 * HOUR), put(`${orphanKey}-800.webp`, 2 * HOUR), put(`${randomUUID()}-1280.webp.123.tmp`, 2 * HOUR)];
    const kept = [put(`${randomUUID()}-400.webp`, 60_000), put(`${randomUUID()}-800.webp.77.tmp`, 60_000), put('notes.txt', 2 * HOUR)];

    const removed = await sweepMedia({ db: t.services.db, media: t.services.media, logger: t.services.logger });
    expect(removed.sort()).toEqual(gone.sort());
    expect(mediaFiles(t)).toEqual([...referenced, ...kept].sort());
  });

  it('removes abandoned uploads from the temporary folder once they are an hour old', async () => {
    const tempDir = path.join(t.config.dataDir, 'tmp');
    const old = path.join(tempDir, 'upload-crashed');
    const young = path.join(tempDir, 'upload-running');
    for (const dir of [old, young]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, '0'), 'photo bytes');
    }
    const past = new Date(Date.now() - 2 * HOUR);
    fs.utimesSync(old, past, past);
    const removed = await sweepMedia({ db: t.services.db, media: t.services.media, tempDir, logger: t.services.logger });
    expect(removed).toEqual([path.join('tmp', 'upload-crashed')]);
    expect(fs.readdirSync(tempDir)).toEqual(['upload-running']);
  });

  it('runs at start-up, then on its interval', async () => {
    const orphan = put(`${randomUUID()}-400.webp`, 2 * HOUR);
    // As server/main.ts schedules it, with an interval of 50 ms instead of an hour.
    const jobs = createJobRunner({ logger: t.services.logger });
    jobs.every('media sweep', 50, () => sweepMedia({ db: t.services.db, media: t.services.media, logger: t.services.logger }), { runAtStart: true });
    try {
      const deadline = Date.now() + 5_000;
      while (mediaFiles(t).includes(orphan)) {
        if (Date.now() > deadline) throw new Error('the start-up sweep did not run');
        await new Promise((r) => setTimeout(r, 20));
      }
      const later = put(`${randomUUID()}-800.webp`, 2 * HOUR);
      while (mediaFiles(t).includes(later)) {
        if (Date.now() > deadline) throw new Error('the interval sweep did not run');
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await jobs.stop();
    }
  });
});
