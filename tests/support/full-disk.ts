import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes the disk under `dirs` behave as a full one, as the kernel does: files can still be
 * created, every write of data to them fails with ENOSPC. Injected at Node's fs (the machine's
 * side of the boundary, not our code): the writes of streamed uploads (fs.open, fs.write,
 * fs.writev) and of media files (fs.promises.writeFile). Returns the function that frees it.
 * A real full filesystem (a 2 MB tmpfs, which needs root) is tested by scripts/reliability/.
 */
export function fillDisk(...dirs: string[]): () => void {
  const inside = (p: unknown) => typeof p === 'string' && dirs.some((d) => path.resolve(p).startsWith(path.resolve(d) + path.sep));
  const full = (syscall: string, p?: string) =>
    Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), { errno: -28, code: 'ENOSPC', syscall, ...(p ? { path: p } : {}) });
  const fullFds = new Set<number>();
  const original = { open: fs.open, close: fs.close, write: fs.write, writev: fs.writev, writeFile: fsp.writeFile };
  type Callback = (error: Error | null, ...rest: unknown[]) => void;

  const mutable = fs as unknown as Record<string, unknown>;
  mutable.open = function (this: unknown, file: fs.PathLike, ...rest: unknown[]) {
    const callback = rest.pop() as Callback;
    return (original.open as (...a: unknown[]) => void).call(this, file, ...rest, (error: Error | null, fd: number) => {
      if (!error && inside(String(file))) fullFds.add(fd);
      callback(error, fd);
    });
  };
  // A closed descriptor's number is handed out again, maybe for a file elsewhere.
  mutable.close = function (this: unknown, fd: number, ...rest: unknown[]) {
    fullFds.delete(fd);
    return (original.close as (...a: unknown[]) => void).call(this, fd, ...rest);
  };
  for (const name of ['write', 'writev'] as const) {
    mutable[name] = function (this: unknown, fd: number, ...rest: unknown[]) {
      if (!fullFds.has(fd)) return (original[name] as (...a: unknown[]) => void).call(this, fd, ...rest);
      const callback = rest.pop() as Callback;
      process.nextTick(() => callback(full('write')));
    };
  }
  (fsp as unknown as Record<string, unknown>).writeFile = async function (file: fs.PathLike, ...rest: unknown[]) {
    if (!inside(String(file))) return (original.writeFile as (...a: unknown[]) => Promise<void>)(file, ...rest);
    // The file is created (empty), then the data does not fit: what a full disk leaves.
    await (await fsp.open(file, 'w')).close();
    throw full('write', String(file));
  };
  return () => {
    Object.assign(mutable, { open: original.open, close: original.close, write: original.write, writev: original.writev });
    (fsp as unknown as Record<string, unknown>).writeFile = original.writeFile;
    fullFds.clear();
  };
}
