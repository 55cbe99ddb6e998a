/** The moderator account scripts/e2e-server.ts creates on the browser tests' throwaway database. */
export const E2E_ADMIN = { email: 'moderator@e2e.soko.test', password: 'e2e-moderator-pass-1234' };

/**
 * Accounts a month old that scripts/e2e-server.ts creates: only signed-in accounts older than a day
 * count toward holding a reported ad (server/moderation/report-holds.ts). Six, so that each test
 * that needs three reporters has its own, within the daily cap of holds per account.
 */
export const E2E_REPORTERS = Array.from({ length: 6 }, (_, i) => ({ email: `reporter-${i + 1}@e2e.soko.test`, password: 'e2e-reporter-pass-1234' }));
