import type { RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of the payments feature; app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const paymentsRoutes: RouteConfigEntry[] = [];
