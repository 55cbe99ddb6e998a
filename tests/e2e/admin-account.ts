/** The moderator account scripts/e2e-server.ts creates on the browser tests' throwaway database. */
export const E2E_ADMIN = { email: 'moderator@e2e.soko.test', password: 'e2e-moderator-pass-1234' };
