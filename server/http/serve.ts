import { serve, type ServerType } from '@hono/node-server';
import type { Logger } from 'pino';

type Fetch = (request: Request) => Response | Promise<Response>;

export type RunningServer = {
  server: ServerType;
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, then runs onDrained. */
  shutdown(signal: string): Promise<void>;
};

/**
 * Listens and, on shutdown, drains: new connections are refused, requests already running
 * complete, idle keep-alive sockets are closed, and after a grace period the rest are cut.
 */
export function listen(
  fetch: Fetch,
  options: { hostname: string; port: number; logger: Logger; graceMs?: number; onDrained: () => Promise<void> },
): Promise<RunningServer> {
  return new Promise((resolve) => {
    let stopping: Promise<void> | undefined;
    const server = serve({ fetch, hostname: options.hostname, port: options.port }, (info) => {
      resolve({ server, port: info.port, shutdown });
    });
    const http = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
    function shutdown(signal: string): Promise<void> {
      stopping ??= new Promise<void>((done) => {
        options.logger.info({ signal }, 'shutting down: draining requests');
        const force = setTimeout(() => {
          options.logger.warn('requests still open after the grace period; closing them');
          http.closeAllConnections?.();
        }, options.graceMs ?? 10_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          options.onDrained().then(done, done);
        });
        http.closeIdleConnections?.();
      });
      return stopping;
    }
  });
}
