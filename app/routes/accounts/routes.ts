import type { RouteConfigEntry } from '@react-router/dev/routes';

/** Routes of the accounts feature; app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const accountsRoutes: RouteConfigEntry[] = [];
