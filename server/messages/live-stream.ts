import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { messagesVersion } from './conversations.ts';
import type { LiveBus } from './live-bus.ts';

/** A comment line this often keeps proxies (and our own idle-socket timeout, 60 s) from cutting a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 2_000;

/**
 * The user's messages state as a short opaque tag: the stream's event id and data, and the
 * polling fallback's ETag. Hashed with the user's id so that it tells nobody else anything.
 */
export async function liveTag(db: Db, userId: string, except?: string): Promise<string> {
  const version = await messagesVersion(db, userId, except);
  return createHash('sha256').update(`${userId}:${version}`).digest('base64url').slice(0, 16);
}

/** Event ids and tags are 16 base64url characters; anything else from the client is ignored. */
const TAG = /^[A-Za-z0-9_-]{16}$/;

/**
 * The open messages page's event stream (Server-Sent Events): an event, whose id and data are the
 * user's tag, each time their inbox or unread count changes, and none while it stays the same.
 * The page reloads its data on an event. The browser sends the last tag it saw when it
 * reconnects (Last-Event-ID; the first time, `since` from the page), and the stream first
 * compares it with the database: a change made while it was away is sent at once, so a dropped
 * connection misses nothing. Null when the user already has too many streams open here.
 */
export function openEventStream(deps: { db: Db; live: LiveBus }, userId: string, since: string | null): Response | null {
  const encoder = new TextEncoder();
  let last = since && TAG.test(since) ? since : null;
  let detach: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let done = false;
  let stream!: ReadableStreamDefaultController<Uint8Array>;

  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    detach?.();
  };
  const send = (text: string) => {
    if (done) return;
    try {
      stream.enqueue(encoder.encode(text));
    } catch {
      finish();
    }
  };
  // Reads run one at a time; notes arriving during one make one more read after it.
  let reading = false;
  let again = false;
  let confirmed = false;
  const check = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const tag = await liveTag(deps.db, userId);
        if (tag !== last || !confirmed) {
          // The first one also when up to date (the page ignores a tag it has): the browser keeps
          // it as Last-Event-ID for its reconnection. (An id without data would fire no event, and
          // Chromium then keeps no id either.)
          last = tag;
          send(`id: ${tag}\ndata: ${tag}\n\n`);
        }
        confirmed = true;
      } while (again && !done);
    } catch {
      // The database did not answer: the next note, or the browser's reconnection, reads again.
    } finally {
      reading = false;
    }
  };

  detach = deps.live.attach(userId, {
    changed: () => void check(),
    end: () => {
      finish();
      try {
        stream.close();
      } catch {
        // already closed
      }
    },
  });
  if (!detach) return null;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
      send(`retry: ${RETRY_MS}\n\n`);
      heartbeat = setInterval(() => send(':\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      void check();
    },
    cancel() {
      finish();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: no proxy (nor our own compression) may hold events back to compress them.
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Vary: 'Cookie',
    },
  });
}
