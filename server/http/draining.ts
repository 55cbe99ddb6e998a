/**
 * Whether this process is draining: a SIGTERM came, readiness answers 503 so that the load
 * balancer stops sending requests here, and requests are still served as usual for
 * SHUTDOWN_DRAIN_SECONDS before the server stops (server/http/serve.ts).
 */
export type Draining = { readonly active: boolean; begin(): void };

export function createDraining(): Draining {
  let active = false;
  return {
    get active() {
      return active;
    },
    begin() {
      active = true;
    },
  };
}
