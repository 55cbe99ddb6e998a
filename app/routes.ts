import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { accountsRoutes } from './routes/accounts/routes';
import { helpRoutes } from './routes/help/routes';
import { listingsRoutes } from './routes/listings/routes';
import { paymentsRoutes } from './routes/payments/routes';
import { buyerRoutes } from './routes/saved/routes';
import { adminRoutes } from './routes/admin/routes';
import { messagesRoutes } from './routes/messages/routes';
import { reviewsRoutes } from './routes/reviews/routes';

export default [
  index('routes/home.tsx'),
  route('logout', 'routes/logout.tsx'),
  // What the service worker shows when a page cannot be loaded (issue 48).
  route('offline', 'routes/offline.tsx'),
  ...accountsRoutes,
  ...listingsRoutes,
  ...paymentsRoutes,
  ...buyerRoutes,
  ...messagesRoutes,
  ...reviewsRoutes,
  ...helpRoutes,
  ...adminRoutes,
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
