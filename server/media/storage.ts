import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where image files live. Local folder today; an S3-compatible store can implement the same
 * interface later. Names are always server-made ([a-z0-9-]+.webp), never the uploader's.
 */
export type MediaStore = {
  put(name: string, data: Buffer): Promise<void>;
  remove(names: string[]): Promise<void>;
  read(name: string): Promise<Buffer | null>;
};

const SAFE_NAME = /^[a-z0-9][a-z0-9-]*\.(webp|avif|jpg)$/;

export function createLocalMediaStore(dir: string): MediaStore {
  const resolve = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe media name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true });
      const target = resolve(name);
      // Write then rename, so a reader never sees half a file; a write the disk refuses (full)
      // leaves no half file behind either.
      const tmp = `${target}.${process.pid}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true }).catch(() => {});
        throw error;
      }
    },
    async remove(names) {
      await Promise.all(names.map((n) => fs.rm(resolve(n), { force: true })));
    },
    async read(name) {
      try {
        return await fs.readFile(resolve(name));
      } catch {
        return null;
      }
    },
  };
}

export function isSafeMediaName(name: string): boolean {
  return SAFE_NAME.test(name);
}
