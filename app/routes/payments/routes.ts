import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of the payments feature; app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const paymentsRoutes: RouteConfigEntry[] = [
  // Where the return route (/api/payments/verify) sends the browser.
  route('payment-success', 'routes/payments/payment-success.tsx'),
  route('payment-failure', 'routes/payments/payment-failure.tsx'),
  route('payment-pending', 'routes/payments/payment-pending.tsx'),
  // Pay Now without JavaScript: starts the checkout and redirects to the provider's page.
  route('payments/feature/:listingId', 'routes/payments/feature.tsx'),
  // Pay with M-Pesa (Daraja STK Push): the number to prompt, then the page that waits for the PIN.
  route('payments/feature/:listingId/mpesa', 'routes/payments/mpesa-start.tsx'),
  route('payments/mpesa/:txRef', 'routes/payments/mpesa-waiting.tsx'),
];
