import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of saved ads and seller pages (issue 18); app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const buyerRoutes: RouteConfigEntry[] = [
  // The Saved ads page keeps the specification's address.
  route('favourites', 'routes/saved/favourites.tsx'),
  // Save / remove (POST, the form of every Save button) and the save finished after login (GET).
  route('saved/:id', 'routes/saved/save.tsx'),
  route('seller/:username', 'routes/sellers/seller.tsx'),
];
