/**
 * Where rate-limit counters live. Fixed windows: the first hit of a key opens a window of
 * `windowMs`; every hit inside it adds one. `increment` must be atomic, so that parallel
 * attempts each see their own count (a limit of 5 means the 6th is refused, however many
 * arrive at once).
 */
export type Window = { count: number; resetAt: number };

export interface CounterStore {
  /** Adds one to key's window (opening a new one if none is open) and returns it. */
  increment(key: string, windowMs: number, now: number): Promise<Window>;
  /** The open window of key, if any. */
  peek(key: string, now: number): Promise<Window | null>;
  delete(key: string): Promise<void>;
}

/** Counters in this process's memory: one server only (the default until a shared store is configured). */
export function createMemoryStore(maxKeys = 50_000): CounterStore {
  const windows = new Map<string, Window>();
  const sweep = (now: number) => {
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  };
  return {
    async increment(key, windowMs, now) {
      const open = windows.get(key);
      if (open && open.resetAt > now) {
        open.count += 1;
        return { ...open };
      }
      if (windows.size >= maxKeys) sweep(now);
      const fresh = { count: 1, resetAt: now + windowMs };
      windows.set(key, fresh);
      return { ...fresh };
    },
    async peek(key, now) {
      const open = windows.get(key);
      return open && open.resetAt > now ? { ...open } : null;
    },
    async delete(key) {
      windows.delete(key);
    },
  };
}
