import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of saved ads, saved searches and seller pages (issue 18); app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const buyerRoutes: RouteConfigEntry[] = [
  // The Saved ads page keeps the specification's address.
  route('favourites', 'routes/saved/favourites.tsx'),
  // Save / remove (POST, the form of every Save button) and the save finished after login (GET).
  route('saved/:id', 'routes/saved/save.tsx'),
  // Saved searches keep the specification's address of its sample alerts page.
  route('my-alerts', 'routes/saved/saved-searches.tsx'),
  // Save this search (POST from a results page) and the save finished after login (GET).
  route('saved-searches', 'routes/saved/save-search.tsx'),
  // A saved search opened from Saved searches: its "new" count starts again, then its results.
  route('saved-searches/:id', 'routes/saved/open-search.tsx'),
  // The one-click unsubscribe link of alert e-mails (no sign-in).
  route('unsubscribe/:token', 'routes/saved/unsubscribe.tsx'),
  route('seller/:username', 'routes/sellers/seller.tsx'),
];
