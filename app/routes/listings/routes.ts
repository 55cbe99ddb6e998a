import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of the listings feature; app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const listingsRoutes: RouteConfigEntry[] = [
  // Read side: browse, search, category pages and the ad detail (/listings and /products are the same page).
  route('listings', 'routes/listings/listings.tsx', { id: 'listings' }),
  route('products', 'routes/listings/listings.tsx', { id: 'products' }),
  route('category/:slug', 'routes/listings/category.tsx'),
  route('listing/:id', 'routes/listings/listing-detail.tsx'),
  // The ad's WhatsApp link: a counted 302 to wa.me (no page of its own).
  route('listing/:id/whatsapp', 'routes/listings/whatsapp.ts'),
  // Write side: post/edit with photos (?id= for edit), the text-only edit form, the seller's own ads.
  route('post-ad', 'routes/listings/post-ad.tsx'),
  route('listings/:id', 'routes/listings/edit-ad.tsx'),
  route('manage-ads', 'routes/listings/manage-ads.tsx'),
];
