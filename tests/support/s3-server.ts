import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local server that speaks the S3 protocol (the s3rver package, pure JavaScript), for the
 * tests of the bucket media store: started by the tests themselves, on a loopback port, so
 * `.ci/run` needs nothing more. It runs in a child process with OpenSSL's legacy provider:
 * s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 leaves out by
 * default, and the paging of a listing is exactly what the orphan sweep relies on. A child
 * process is also what a test stops to see the storage go away.
 */
export type S3TestServer = {
  endpoint: string;
  /** The store's settings for loadConfig, for a bucket of its own on this server. */
  env(bucket: string): Record<string, string>;
  /** The keys stored in a bucket, read from the server's folder (so also while it is stopped). */
  objects(bucket: string): string[];
  /** Stops the server (a storage that went away); the files stay in its folder. */
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
};

/** How s3rver names an object's file in its folder. */
const OBJECT_SUFFIX = '._S3rver_object';

/** s3rver's built-in account. */
export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', fileURLToPath(import.meta.url), dir, ...buckets], {
    // Its stdin is ours: it ends when this process does, and the server with it.
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /^listening (\d+)$/m.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}) before it listened`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child);
  return {
    endpoint,
    env: (bucket) => ({
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
      // A stopped server refuses connections at once; a short timeout keeps a test of one quick anyway.
      S3_TIMEOUT_SECONDS: '3',
    }),
    objects(bucket) {
      const root = path.join(dir, bucket);
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((f) => f.endsWith(OBJECT_SUFFIX))
        .map((f) => f.slice(0, -OBJECT_SUFFIX.length))
        .sort();
    },
    stop,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The child: `node --openssl-legacy-provider --import tsx tests/support/s3-server.ts <folder> <bucket>...`. */
async function serve(dir: string, buckets: string[]): Promise<void> {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const address = await server.run();
  process.stdout.write(`listening ${address.port}\n`);
  process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
  // The tests' process ended without stopping us: nothing is left running.
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await serve(process.argv[2]!, process.argv.slice(3));
}
