import type pg from 'pg';

export type Listener = { close(): Promise<void> };
export type ListenHandlers = {
  /** A notification's payload. */
  notify(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile were missed. */
  reconnected(): void;
  /** The connection was lost: until `reconnected`, notifications are missed. */
  lost?(): void;
};

/** How long to wait before connecting again after the LISTEN connection is lost (grows to the last). */
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries): PostgreSQL
 * delivers a NOTIFY to every session listening on the channel, in any process on any machine.
 * A lost connection is made again, with a growing pause, and `reconnected` tells the caller
 * that it may have missed notifications in between.
 */
export async function listenOn(Client: typeof pg.Client, url: string, channel: string, handlers: ListenHandlers): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      handlers.lost?.();
      retry();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      // Listening alone does not keep a process alive (a script that forgets to close its services still ends).
      (next as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.();
      // The channel is ours (a fixed identifier), never user input.
      await next.query(`LISTEN "${channel.replaceAll('"', '')}"`);
    } catch (error) {
      if (client === next) lost();
      throw error;
    }
  };

  const retry = () => {
    if (closed) return;
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      connect().then(
        () => {
          attempt = 0;
          handlers.reconnected();
        },
        () => {},
      );
    }, wait);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
