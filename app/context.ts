import type { RequestContext } from '../server/context';

// Loaders and actions receive the server's request context (database, services, signed-in user).
declare module 'react-router' {
  interface AppLoadContext extends RequestContext {}
}
