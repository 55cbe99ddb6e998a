import { tooManyRequests } from '../http/errors.ts';
import { english, type Catalog } from '../i18n.ts';
import { createMemoryStore, type CounterStore } from './store.ts';

const MINUTE = 60_000;

type Rule = {
  limit: number;
  windowMs: number;
  /**
   * What the person is told when refused: a constant English text of the errors catalog (the
   * refusal renders it in the request's language), or a function of the seconds until the window
   * ends and the catalog of the request's language (server/i18n.ts).
   */
  message?: string | ((retryAfterSeconds: number, t: Catalog) => string);
};

/** Whole minutes until the window ends, at least one. */
const inMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const tooManyReveals = (seconds: number, t: Catalog) => t.errors.tooManyReveals({ minutes: inMinutes(seconds) });
const tooManyLogins = (seconds: number, t: Catalog) => t.errors.tooManyLogins({ minutes: inMinutes(seconds) });

export const RATE_LIMITS = {
  /** Login attempts on one account, from anywhere; a successful login clears them. */
  loginPerAccount: { limit: 5, windowMs: 15 * MINUTE, message: tooManyLogins },
  /** Failed logins from one address, whatever the account (password spraying). */
  loginPerIp: { limit: 50, windowMs: 15 * MINUTE, message: tooManyLogins },
  registerPerIp: { limit: 50, windowMs: 60 * MINUTE, message: english.errors.tooManySignups },
  resetRequestsPerIp: { limit: 20, windowMs: 15 * MINUTE, message: english.errors.tooManyResetRequests },
  /** Reset mails to one address; more requests are answered the same way but send nothing. */
  resetMailsPerEmail: { limit: 3, windowMs: 15 * MINUTE },
  /** A checkout creates a provider session; a person needs a handful, a script gets slowed down. */
  checkoutPerUser: { limit: 10, windowMs: 10 * MINUTE, message: english.errors.tooManyPaymentAttempts },
  /** New ads per account per day; an account less than a day old gets fewer. */
  postsPerAccount: { limit: 20, windowMs: 24 * 60 * MINUTE, message: (s, t) => t.errors.tooManyPosts({ minutes: inMinutes(s) }) },
  postsPerNewAccount: { limit: 5, windowMs: 24 * 60 * MINUTE, message: (s, t) => t.errors.tooManyPostsNewAccount({ minutes: inMinutes(s) }) },
  /** The payment return, waiting page and its poll, per client address: plenty for people, not for a loop. */
  paymentPagesPerIp: { limit: 120, windowMs: 10 * MINUTE, message: english.errors.tooManyRequests },
  /** The provider is asked about one pending payment at most once every few seconds. */
  paymentRecheck: { limit: 1, windowMs: 4000 },
  /** New numbers shown to one browser in a day: more than a buyer comparing offers needs, far less than a scraper wants. */
  phoneRevealPerDevice: { limit: 40, windowMs: 24 * 60 * MINUTE, message: tooManyReveals },
  phoneRevealPerAccount: { limit: 80, windowMs: 24 * 60 * MINUTE, message: tooManyReveals },
  /** A ceiling for a whole carrier-grade NAT address, which may be thousands of buyers at once. */
  phoneRevealPerIp: { limit: 600, windowMs: 10 * MINUTE, message: tooManyReveals },
  /**
   * Reveals without the device cookie, per address: every browser gets the cookie with the ad
   * page, so only scripts (and the odd browser refusing cookies) come here, and they share this.
   */
  phoneRevealWithoutCookiePerIp: {
    limit: 10,
    windowMs: 24 * 60 * MINUTE,
    message: (s, t) => t.errors.revealsWithoutCookie({ minutes: inMinutes(s) }),
  },
  /** Reports of ads by one person (account, else browser) in a day: enough for a buyer who meets several scams, not for a campaign. */
  reportsPerPerson: { limit: 10, windowMs: 24 * 60 * MINUTE, message: (s, t) => t.errors.tooManyReports({ minutes: inMinutes(s) }) },
  reportsPerIp: { limit: 200, windowMs: 60 * MINUTE, message: (s, t) => t.errors.tooManyReportsNetwork({ minutes: inMinutes(s) }) },
  /**
   * Automatic holds one account's reports may take part in, and that reports from one address may
   * set off, in a day; past them the ad waits in the moderators' queue instead (server/moderation/report-holds.ts).
   */
  autoHoldsPerAccount: { limit: 3, windowMs: 24 * 60 * MINUTE },
  autoHoldsPerIp: { limit: 5, windowMs: 24 * 60 * MINUTE },
  /** Phone codes by SMS cost money per text: one a minute, 5 a day per account and per number. */
  phoneCodeResend: { limit: 1, windowMs: MINUTE, message: english.errors.waitForCode },
  phoneCodesPerAccount: { limit: 5, windowMs: 24 * 60 * MINUTE, message: (s, t) => t.errors.tooManyCodes({ minutes: inMinutes(s) }) },
  phoneCodesPerNumber: { limit: 5, windowMs: 24 * 60 * MINUTE, message: (s, t) => t.errors.tooManyCodesNumber({ minutes: inMinutes(s) }) },
  /** Saving and removing saved ads, per account: a shopper taps a few dozen, a script thousands. */
  savesPerUser: { limit: 200, windowMs: 10 * MINUTE, message: english.errors.tooManySaves },
  /** Saving, changing and deleting saved searches, per account. */
  savedSearchesPerUser: { limit: 100, windowMs: 10 * MINUTE, message: english.errors.tooManySavedSearchChanges },
  /** New conversations (issue 43): an account less than a day old starts 5 a day, any account 30 an hour. */
  conversationsPerNewAccount: { limit: 5, windowMs: 24 * 60 * MINUTE, message: (s, t) => t.errors.tooManyConversationsNewAccount({ minutes: inMinutes(s) }) },
  conversationsPerAccount: { limit: 30, windowMs: 60 * MINUTE, message: (s, t) => t.errors.tooManyConversations({ minutes: inMinutes(s) }) },
  /** The same free-text first message to several sellers in a day is spam (quick replies excepted). */
  sameFirstMessage: { limit: 3, windowMs: 24 * 60 * MINUTE, message: english.errors.sameFirstMessage },
  /** Every message of an account, replies included: far more than a conversation needs, a ceiling for a script. */
  messagesPerAccount: { limit: 120, windowMs: 60 * MINUTE, message: (s, t) => t.errors.tooManyMessages({ minutes: inMinutes(s) }) },
  /** Blocks and reports of conversations per account. */
  conversationActionsPerAccount: { limit: 60, windowMs: 60 * MINUTE, message: english.errors.tooManyChanges },
  /** Photos uploaded to drafts (issue 48), per account: ten ads of ten photos, with retries, in an hour; each is encoded by the server. */
  draftPhotosPerAccount: { limit: 150, windowMs: 60 * MINUTE, message: (s, t) => t.errors.tooManyPhotos({ minutes: inMinutes(s) }) },
  contactPerIp: {
    limit: 5,
    windowMs: 60 * MINUTE,
    message: (s, t) => t.errors.tooManyContact({ minutes: inMinutes(s) }),
  },
} as const satisfies Record<string, Rule>;

export type LimitName = keyof typeof RATE_LIMITS;

/** The rate-limit service: one per running app, built by the composition root (server/services.ts). */
export type RateLimits = {
  /** Counts one attempt; throws a 429 with Retry-After when it is over the limit. */
  hit(name: LimitName, key: string, now?: number): Promise<void>;
  /** Counts one attempt; false (instead of a 429) when it is over the limit. */
  tryHit(name: LimitName, key: string, now?: number): Promise<boolean>;
  /** Throws the 429 when key has used up its limit; counts nothing. */
  refuseIfBlocked(name: LimitName, key: string, now?: number): Promise<void>;
  /** True while key has some of its limit left; counts nothing. */
  allows(name: LimitName, key: string, now?: number): Promise<boolean>;
  reset(name: LimitName, key: string): Promise<void>;
};

export function createRateLimits(store: CounterStore = createMemoryStore(), rules: Record<LimitName, Rule> = RATE_LIMITS): RateLimits {
  const refusal = (name: LimitName, resetAt: number, now: number) => {
    const rule = rules[name];
    const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    const message = rule.message;
    return tooManyRequests(seconds, typeof message === 'function' ? (t) => message(seconds, t) : message);
  };
  const count = (name: LimitName, key: string, now: number) => store.increment(`${name}:${key}`, rules[name].windowMs, now);
  return {
    async hit(name, key, now = Date.now()) {
      const window = await count(name, key, now);
      if (window.count > rules[name].limit) throw refusal(name, window.resetAt, now);
    },
    async tryHit(name, key, now = Date.now()) {
      return (await count(name, key, now)).count <= rules[name].limit;
    },
    async refuseIfBlocked(name, key, now = Date.now()) {
      const window = await store.peek(`${name}:${key}`, now);
      if (window && window.count >= rules[name].limit) throw refusal(name, window.resetAt, now);
    },
    async allows(name, key, now = Date.now()) {
      const window = await store.peek(`${name}:${key}`, now);
      return !window || window.count < rules[name].limit;
    },
    async reset(name, key) {
      await store.delete(`${name}:${key}`);
    },
  };
}
