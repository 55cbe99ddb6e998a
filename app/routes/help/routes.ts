import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of the help feature; app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const helpRoutes: RouteConfigEntry[] = [
  // Help, guides and legal pages: server-rendered text.
  route('help-contact', 'routes/help/help-contact.tsx'),
  route('faq', 'routes/help/faq.tsx'),
  route('guides/posting-ads', 'routes/help/guides.posting-ads.tsx'),
  route('guides/safe-trading', 'routes/help/guides.safe-trading.tsx'),
  route('guides/account-settings', 'routes/help/guides.account-settings.tsx'),
  route('contact-form', 'routes/help/contact-form.tsx'),
  route('how-it-works', 'routes/help/how-it-works.tsx'),
  route('terms', 'routes/help/terms.tsx'),
  route('privacy', 'routes/help/privacy.tsx'),
  // The specification's sample pages (protected, example data from app/samples/).
  route('manage-job-ads', 'routes/help/manage-job-ads.tsx'),
  route('create-listing', 'routes/help/create-listing.tsx'),
];
