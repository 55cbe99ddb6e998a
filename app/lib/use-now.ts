import { createContext, useContext, useSyncExternalStore } from 'react';

const noop = () => () => {};

/** The server's clock when it rendered the page; the root layout provides it from its loader. */
export const ServerNow = createContext<number | undefined>(undefined);

/**
 * "Now" for relative dates. While the page hydrates it is the server's clock, so the browser
 * prints exactly what the server did; after that, the browser's.
 */
export function useNow(): number {
  const serverNow = useContext(ServerNow);
  const hydrated = useSyncExternalStore(noop, () => true, () => false);
  return hydrated || serverNow === undefined ? Date.now() : serverNow;
}
