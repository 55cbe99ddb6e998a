import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Seller reviews (issue 44); app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const reviewsRoutes: RouteConfigEntry[] = [
  // Write or change one's review of an ad's seller, or read why one may not.
  route('listing/:id/review', 'routes/reviews/review.tsx'),
];
