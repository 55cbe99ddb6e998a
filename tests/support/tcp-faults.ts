/**
 * Network faults between the app and a service it depends on (PostgreSQL, Redis), made with real
 * TCP on loopback: a proxy that can stop, cut, freeze or black-hole its connections, a peer that
 * accepts and never answers, and a port nothing listens on. Shared by the integration tests and
 * the reliability suite, so both mean the same thing by "the database went away".
 */
import net from 'node:net';

const listen = async (server: net.Server, port = 0): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
};

const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

/**
 * A TCP proxy in front of a real service.
 * - stop(): every connection dropped and new ones refused (the service restarting); start() accepts again on the same port.
 * - cutOn(text): drops a connection the moment the client sends that text, before the service sees it.
 * - cutAll(): cuts every open connection; new ones go through.
 * - freeze(true): connections stay open and bytes are held, as a stalled TCP path holds them (a hung service).
 * - blackHole(): from now on nothing passes either way, and connections stay open (the service vanished from the network).
 * - muteAnswers(): requests still reach the service, which does the work, but its answers are dropped (a service too slow to answer in time).
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  private tripwire: string | undefined;
  private frozen = false;
  private dropping = false;
  private muted = false;
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
        if (this.frozen) s.pause();
      }
      client.on('data', (chunk: Buffer) => {
        if (this.tripwire && chunk.includes(this.tripwire)) {
          this.tripwire = undefined;
          client.destroy();
          upstream.destroy();
          return;
        }
        if (!this.dropping) upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => void (this.dropping || this.muted || client.write(chunk)));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.port = await listen(server, this.port);
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await close(server);
  }

  cutOn(text: string): void {
    this.tripwire = text;
  }

  cutAll(): void {
    for (const s of this.sockets) s.destroy();
  }

  freeze(frozen: boolean): void {
    this.frozen = frozen;
    for (const s of this.sockets) {
      if (frozen) s.pause();
      else s.resume();
    }
  }

  blackHole(): void {
    this.dropping = true;
  }

  muteAnswers(): void {
    this.muted = true;
  }
}

/** A TCP peer that accepts connections and never answers (a hung service, a black-holed route). */
export async function silentPeer(): Promise<{ port: number; close(): Promise<unknown> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  const port = await listen(server);
  return {
    port,
    close: () => {
      for (const s of sockets) s.destroy();
      return close(server);
    },
  };
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await close(server);
  return port;
}
