import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of the accounts feature; app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const accountsRoutes: RouteConfigEntry[] = [
  route('auth/login', 'routes/accounts/login.tsx'),
  route('auth/register', 'routes/accounts/register.tsx'),
  route('welcome', 'routes/accounts/welcome.tsx'),
  route('forgot-password', 'routes/accounts/forgot-password.tsx'),
  route('reset-password', 'routes/accounts/reset-password.tsx'),
  route('my-details', 'routes/accounts/my-details.tsx'),
  route('verify-phone', 'routes/accounts/verify-phone.tsx'),
];
