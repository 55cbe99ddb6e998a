import fs from 'node:fs';

/**
 * An embedded database folder belongs to one process. PGlite, unlike a PostgreSQL server, takes
 * no lock of its own: a second `npm start` on the same DATA_DIR (or `npm run admin` while the
 * server runs) opened it too, both wrote its files, and the next start died with PGlite's
 * "RuntimeError: Aborted()". So the folder is locked with a file beside it (`<folder>.lock`)
 * that names the holder's pid and is touched while it is held.
 *
 * A lock is the holder's while that process is alive and has touched the file lately. One left by
 * a process that ended without closing (a crash, a kill) is taken over at once when its pid is
 * gone or is this very process's (a container restarted, its server under the same pid again),
 * and after STALE_MS when the pid was reused by some other process.
 */
export class DatabaseInUseError extends Error {}

const TOUCH_MS = 10_000;
export const STALE_MS = 30_000;

/** Folders this process holds, so that opening one twice here is refused as well. */
const heldHere = new Set<string>();

/** Takes the lock on `dataDir`, or throws DatabaseInUseError; the function returned gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  if (heldHere.has(file)) throw new DatabaseInUseError(`The embedded database in ${dataDir} is already open in this process.`);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      // A second EEXIST: another process took the stale lock over in the meantime.
      if (attempt > 0 || (holder !== null && holds(holder))) throw inUse(dataDir, file, holder?.pid ?? null);
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(file);
  const touch = setInterval(() => {
    const now = new Date();
    fs.utimes(file, now, now, () => {});
  }, TOUCH_MS);
  touch.unref();
  return () => {
    clearInterval(touch);
    heldHere.delete(file);
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The holder's pid (null when the file names none yet: it is being written) and when it was last touched; null when there is no lock. */
function readHolder(file: string): { pid: number | null; touchedAt: number } | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : null, touchedAt: fs.statSync(file).mtimeMs };
  } catch {
    return null;
  }
}

function holds(holder: { pid: number | null; touchedAt: number }): boolean {
  if (Date.now() - holder.touchedAt > STALE_MS) return false;
  if (holder.pid === null) return true;
  // This process's pid, but not a folder it holds (heldHere): left by an earlier process that had the same pid.
  if (holder.pid === process.pid) return false;
  return processAlive(holder.pid);
}

/** Whether a process with this pid is running (a lock's holder: this one, or scripts/build-if-stale.ts's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function inUse(dataDir: string, file: string, pid: number | null): DatabaseInUseError {
  return new DatabaseInUseError(
    `The embedded database in ${dataDir} is in use by another process${pid === null ? '' : ` (pid ${pid})`}. ` +
      'Stop that process first (another npm start, npm run seed or npm run admin), or give this one a DATA_DIR of its own, or use DATABASE_URL. ' +
      `If no such process is running, delete ${file}.`,
  );
}

/**
 * What `opening` opens, or the end of the process with the message alone when another process
 * has the embedded database (npm run dev, npm run seed, npm run admin): the message says what to
 * do, and a stack would bury it.
 */
export function openedOrExit<T>(opening: Promise<T>): Promise<T> {
  return opening.catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
}
