import { RateLimiter } from '../http/rate-limit.ts';

const MINUTE = 60_000;

/**
 * Limits for the accounts feature. Per-IP limits are generous on purpose: Kenyan mobile
 * networks put many phones behind one carrier-grade NAT address, so an IP is a crowd, not a
 * person. The per-account and per-address limits are the tight ones.
 */
export const LIMITS = {
  /** Failed logins for one account, from anywhere. */
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed logins from one address, whatever the account (password spraying). */
  loginFailuresPerIp: { limit: 50, windowMs: 15 * MINUTE },
  registrationsPerIp: { limit: 50, windowMs: 60 * MINUTE },
  resetRequestsPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Reset mails to one address; more requests are answered the same way but send nothing. */
  resetMailsPerEmail: { limit: 3, windowMs: 15 * MINUTE },
} as const;

export type AuthThrottles = {
  loginPerAccount: RateLimiter;
  loginPerIp: RateLimiter;
  register: RateLimiter;
  forgotPerIp: RateLimiter;
  forgotPerEmail: RateLimiter;
};

const make = (key: keyof typeof LIMITS, message?: string) => new RateLimiter(LIMITS[key].limit, LIMITS[key].windowMs, message);

// One set per app, not module globals, so every test app starts with clean counters. The API
// gets Services and the page actions get a per-request copy of it ({...services, auth, ...}),
// so the set is keyed by the database handle, the one long-lived object both share.
const byApp = new WeakMap<object, AuthThrottles>();

export function authThrottles(services: { db: object }): AuthThrottles {
  let throttles = byApp.get(services.db);
  if (!throttles) {
    const tooManyLogins = 'Too many failed login attempts. Please wait a few minutes and try again.';
    throttles = {
      loginPerAccount: make('loginFailuresPerAccount', tooManyLogins),
      loginPerIp: make('loginFailuresPerIp', tooManyLogins),
      register: make('registrationsPerIp', 'Too many sign-ups from your network. Please wait a while and try again.'),
      forgotPerIp: make('resetRequestsPerIp', 'Too many password reset requests. Please wait a few minutes and try again.'),
      forgotPerEmail: make('resetMailsPerEmail'),
    };
    byApp.set(services.db, throttles);
  }
  return throttles;
}

/** Throws the limiter's 429 (with Retry-After) when key is already over its limit; counts nothing otherwise. */
export function refuseIfBlocked(limiter: RateLimiter, key: string): void {
  // hit() on a blocked key is what produces the 429 with the right Retry-After.
  if (limiter.isBlocked(key)) limiter.hit(key);
}
