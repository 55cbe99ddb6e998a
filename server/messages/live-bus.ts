import { createClient } from '@redis/client';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Listener } from '../db/listen.ts';

/*
 * Live updates of messages (issue 43, point 3): when a conversation changes, every server process
 * that holds an open event stream (server/messages/live-stream.ts) of one of its two people is
 * told, and that stream reads the person's state again from the database. What travels between
 * processes is only "these users' messages changed" (their ids), never a message, so a note that
 * is lost or arrives twice costs at most one extra read, and a stream carries only what the
 * database gives its own user.
 *
 * Between processes: Redis pub/sub when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY, else
 * (PGlite: one process) in process only.
 */

/** At most this many open event streams per user in one process; the next is refused (its tab polls instead). */
export const STREAMS_PER_USER = 5;

export type StreamHandle = {
  /** The user's messages may have changed: read them again. */
  changed(): void;
  /** The server is stopping: end the stream (the browser reconnects, to another instance). */
  end(): void;
};

export type LiveBus = {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Tells every process that these users' conversations changed. Never throws: a lost note is caught up at the stream's next reconnect. */
  publish(userIds: ReadonlyArray<string | null>): Promise<void>;
  /** Registers an open stream of the user; null when the user already has STREAMS_PER_USER here. The function returned unregisters it. */
  attach(userId: string, stream: StreamHandle): (() => void) | null;
  /** Open streams in this process. */
  readonly open: number;
  /** Ends every open stream (shutdown) and refuses new ones. */
  endAll(): void;
  close(): Promise<void>;
};

type Transport = { publish(payload: string): Promise<void>; close(): Promise<void> };
type Deliver = { notify(payload: string): void; reconnected(): void };

export type LiveBusOptions = {
  logger?: Logger;
  /** The channel's name (Redis channel or PostgreSQL LISTEN channel); tests give each run its own. */
  channel?: string;
  streamsPerUser?: number;
};

const DEFAULT_CHANNEL = 'soko_messages';

/** The bus the deployment calls for: Redis when a URL is given, PostgreSQL's LISTEN/NOTIFY on PostgreSQL, else in process. */
export async function createLiveBus(database: Pick<Database, 'db' | 'kind' | 'listen'>, redisUrl: string | undefined, options: LiveBusOptions = {}): Promise<LiveBus> {
  const channel = options.channel ?? DEFAULT_CHANNEL;
  const local = localStreams(options.streamsPerUser ?? STREAMS_PER_USER);
  const deliver: Deliver = {
    notify: (payload) => local.deliver(payload.split(',').filter(Boolean)),
    // Notes may have been missed while the connection was down: every stream here looks again.
    reconnected: () => local.everyone(),
  };
  let kind: LiveBus['kind'] = 'memory';
  let transport: Transport;
  if (redisUrl) {
    kind = 'redis';
    transport = await redisTransport(redisUrl, channel, deliver, options.logger);
  } else if (database.kind === 'postgres' && database.listen) {
    kind = 'postgres';
    transport = await postgresTransport(database, channel, deliver, options.logger);
  } else {
    transport = { publish: async (payload) => deliver.notify(payload), close: async () => {} };
  }
  return {
    kind,
    async publish(userIds) {
      const ids = userIds.filter((id): id is string => typeof id === 'string');
      if (ids.length === 0) return;
      try {
        await transport.publish(ids.join(','));
      } catch (error) {
        options.logger?.warn({ err: error }, 'live updates: could not publish a change; open streams catch up when they reconnect');
      }
    },
    attach: local.attach,
    get open() {
      return local.size();
    },
    endAll: local.endAll,
    async close() {
      local.endAll();
      await transport.close();
    },
  };
}

/** This process's open streams, by user. */
function localStreams(perUser: number) {
  const byUser = new Map<string, Set<StreamHandle>>();
  let ended = false;
  let size = 0;
  const call = (fn: () => void) => {
    try {
      fn();
    } catch {
      // One broken stream must not keep the note from the others.
    }
  };
  return {
    attach(userId: string, stream: StreamHandle): (() => void) | null {
      if (ended) return null;
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      if (set.size >= perUser) return null;
      set.add(stream);
      size += 1;
      return () => {
        if (!set.delete(stream)) return;
        size -= 1;
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    deliver(userIds: string[]) {
      for (const id of userIds) for (const stream of byUser.get(id) ?? []) call(() => stream.changed());
    },
    everyone() {
      for (const set of byUser.values()) for (const stream of set) call(() => stream.changed());
    },
    endAll() {
      ended = true;
      for (const set of [...byUser.values()]) for (const stream of [...set]) call(() => stream.end());
    },
    size: () => size,
  };
}

/** NOTIFY through the pool (any connection), LISTEN on a connection of its own. */
async function postgresTransport(database: Pick<Database, 'db' | 'listen'>, channel: string, deliver: Deliver, logger: Logger | undefined): Promise<Transport> {
  let listener: Listener | null = null;
  const start = async () => {
    try {
      listener = await database.listen!(channel, deliver);
      return true;
    } catch (error) {
      logger?.warn({ err: error }, 'live updates: cannot LISTEN yet; trying again');
      return false;
    }
  };
  // A database that is down at start-up: keep trying in the background; streams still work (their
  // first read and every reconnect read the database), only notes from other processes wait.
  let retry: NodeJS.Timeout | undefined;
  if (!(await start())) {
    retry = setInterval(() => {
      void start().then((ok) => {
        if (!ok) return;
        clearInterval(retry);
        deliver.reconnected();
      });
    }, 2_000);
    retry.unref();
  }
  return {
    async publish(payload) {
      await database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
    },
    async close() {
      clearInterval(retry);
      await listener?.close();
    },
  };
}

/** How long a PUBLISH may take before it is given up (Redis down or hung). */
const REDIS_PUBLISH_TIMEOUT_MS = 1_000;

/** PUBLISH on one connection, SUBSCRIBE on another (a subscribed connection can do nothing else). */
async function redisTransport(url: string, channel: string, deliver: Deliver, logger: Logger | undefined): Promise<Transport> {
  const socket = { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(retries * 200, 2_000) };
  const publisher = createClient({ url, disableOfflineQueue: true, socket });
  const subscriber = createClient({ url, socket });
  let down = false;
  const onError = (error: unknown) => {
    if (!down) logger?.warn({ err: error }, 'live updates: Redis unavailable; open streams catch up when it is back');
    down = true;
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    // node-redis subscribes again by itself after a reconnection; what was published meanwhile is lost.
    if (subscribedOnce) deliver.reconnected();
    down = false;
  });
  const connectWithin = (client: { connect(): Promise<unknown> }) =>
    Promise.race([client.connect().then(() => true, () => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref())]);
  await Promise.all([connectWithin(publisher), connectWithin(subscriber)]);
  // Live updates alone do not keep a process alive (a script that forgets to close its services still ends).
  for (const client of [publisher, subscriber]) {
    try {
      client.unref();
    } catch {
      // not connected (Redis down at start-up)
    }
  }
  // Waited for 2 s at most: with Redis down at start-up it waits in the client's queue until Redis is back.
  const subscribed = subscriber.subscribe(channel, (message) => deliver.notify(message)).then(
    () => {
      subscribedOnce = true;
      // Streams opened before the subscription took hold look once more.
      deliver.reconnected();
    },
    (error: unknown) => onError(error),
  );
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  return {
    async publish(payload) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          publisher.publish(channel, payload),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer from Redis within ${REDIS_PUBLISH_TIMEOUT_MS} ms`)), REDIS_PUBLISH_TIMEOUT_MS);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      for (const client of [subscriber, publisher]) {
        try {
          client.destroy();
        } catch {
          // never connected
        }
      }
    },
  };
}
