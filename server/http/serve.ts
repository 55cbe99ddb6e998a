import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';

type Fetch = (request: Request) => Response | Promise<Response>;

export type RunningServer = {
  server: Server;
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, then runs onDrained. */
  shutdown(signal: string): Promise<void>;
};

export type ListenOptions = {
  hostname: string;
  port: number;
  logger: Logger;
  /** How long in-flight requests may take to finish after the drain (default 10 s). */
  graceMs?: number;
  /**
   * After shutdown begins, how long requests are still served as usual (keep-alive included)
   * before the server stops accepting them: readiness answers 503 meanwhile (onDrainStart), so
   * a load balancer stops sending here before any connection is closed (default 0).
   */
  drainMs?: number;
  /** Runs as shutdown begins, before the drain: readiness turns not ready (server/http/draining.ts). */
  onDrainStart?: () => void;
  /**
   * Runs when the drain ends and the server stops accepting: long-lived answers that never finish
   * by themselves (event streams) end here, instead of holding the grace period to its end.
   */
  onStopAccepting?: () => void;
  /** A client must send all request headers within this time (slow-loris defence). */
  headersTimeoutMs?: number;
  /** A client must send the whole request, body included, within this time. */
  requestTimeoutMs?: number;
  /** A connection that sends and receives nothing for this long is dropped, unless its answer is being worked on (default 60 s). */
  socketIdleTimeoutMs?: number;
  /** Between requests, how long a keep-alive connection waits for the next one (default 65 s). */
  keepAliveTimeoutMs?: number;
  onDrained: () => Promise<void>;
};

/**
 * A connection that sends and receives nothing for this long is dropped (slow bodies, dead
 * peers), unless the whole request has arrived and its answer is still being worked on: a
 * post of ten photos waiting its turn for the image queue is silent but alive, and cutting it
 * lost the answer to an ad that was then saved (issue 49, point 3).
 */
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/**
 * Longer than the idle timeout of the balancers in front of us (60 s is common): the side that
 * closes an idle connection first can cut a request the other is sending on it at that moment,
 * and a balancer answers that with a 502. Node's own 5 s also reset API clients in our browser
 * tests whose agent, told `timeout=5`, dropped the socket a second early by a timer that ran late.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * After shutdown begins, an idle keep-alive socket gets this long to carry one more request
 * (answered with Connection: close) before it is closed. Closing it at once would reset a
 * request the client is sending at that very moment.
 */
const IDLE_SETTLE_MS = 1_000;

/**
 * Listens and, on shutdown, first keeps serving for `drainMs` while readiness says not ready
 * (onDrainStart), then drains: the listening socket closes (new connections are
 * refused), every response from then on says `Connection: close`, so keep-alive clients leave
 * after their answer, idle sockets are closed, requests already running complete, and after
 * the grace period whatever is still open is cut. Then onDrained runs (background work, the
 * outbox, the database).
 */
export function listen(fetch: Fetch, options: ListenOptions): Promise<RunningServer> {
  return new Promise((resolve) => {
    let stopping: Promise<void> | undefined;
    let draining = false;
    const open = new Set<ServerResponse>();
    const server = serve(
      {
        fetch,
        hostname: options.hostname,
        port: options.port,
        serverOptions: {
          // Node refuses a headers timeout longer than the request timeout.
          headersTimeout: Math.min(options.headersTimeoutMs ?? 20_000, options.requestTimeoutMs ?? 600_000),
          requestTimeout: options.requestTimeoutMs ?? 600_000,
          keepAliveTimeout: options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
          // Node looks for requests past those timeouts this often (default 30 s, too slack for slow-loris).
          connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs ?? 1_000),
        },
      },
      (info) => resolve({ server, port: info.port, shutdown }),
    ) as Server;
    // The request each socket is carrying, while its answer is pending.
    const pending = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse; since: number }>();
    server.setTimeout(options.socketIdleTimeoutMs ?? SOCKET_IDLE_TIMEOUT_MS);
    // With a listener here Node no longer destroys a silent socket itself: this decides.
    server.on('timeout', (socket: Socket) => {
      const current = pending.get(socket);
      // Received whole and not yet answered: the server is working (its own limit, the request
      // timeout's length, still applies). A body that stalls, an answer the client stops reading
      // and an idle keep-alive socket are cut as before.
      const working = current && current.req.complete && !current.res.headersSent && Date.now() - current.since < (options.requestTimeoutMs ?? 600_000);
      if (working) socket.setTimeout(options.socketIdleTimeoutMs ?? SOCKET_IDLE_TIMEOUT_MS);
      else socket.destroy();
    });

    // Runs before the app's listener, so the header is in place whatever the app answers.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      if (draining) res.setHeader('Connection', 'close');
      used.add(req.socket);
      open.add(res);
      const socket = req.socket;
      pending.set(socket, { req, res, since: Date.now() });
      res.once('close', () => {
        open.delete(res);
        if (pending.get(socket)?.res === res) pending.delete(socket);
      });
    });
    // Connections opened ahead of use (browsers preconnect) that never sent a byte: Node's
    // closeIdleConnections only knows connections that have carried a request.
    const sockets = new Set<Socket>();
    const used = new WeakSet<Socket>();
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const closeIdle = () => {
      server.closeIdleConnections();
      for (const socket of sockets) if (!used.has(socket) && socket.bytesRead === 0) socket.destroy();
    };

    function shutdown(signal: string): Promise<void> {
      stopping ??= (async () => {
        options.onDrainStart?.();
        const drainMs = options.drainMs ?? 0;
        if (drainMs > 0) {
          options.logger.info({ signal, drainMs }, 'shutting down: not ready from now on; still serving while the load balancer stops sending');
          await new Promise((resolve) => setTimeout(resolve, drainMs));
        }
        await close(signal);
      })();
      return stopping;
    }

    function close(signal: string): Promise<void> {
      return new Promise<void>((done) => {
        draining = true;
        options.logger.info({ signal, inFlight: open.size }, 'shutting down: draining requests');
        for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
        options.onStopAccepting?.();
        const graceMs = options.graceMs ?? 10_000;
        const settle = setTimeout(closeIdle, Math.min(IDLE_SETTLE_MS, graceMs));
        const force = setTimeout(() => {
          options.logger.warn({ inFlight: open.size }, 'requests still open after the grace period; closing them');
          server.closeAllConnections();
        }, graceMs);
        settle.unref();
        force.unref();
        // net.Server's close, not http.Server's: the latter also closes idle sockets at once.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(settle);
          clearTimeout(force);
          options.onDrained().then(done, (error: unknown) => {
            options.logger.error({ err: error }, 'shutdown: cleaning up failed');
            done();
          });
        });
      });
    }
  });
}
