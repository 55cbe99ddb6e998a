import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { listingDraftPhotos, listingDrafts, listingImages, listings, passwordResets, sessions, users } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { imageFiles } from '../media/images.ts';
import type { MediaStore } from '../media/storage.ts';
import type { RateLimits } from '../rate-limits/rate-limits.ts';
import { findUserByEmail, insertUser } from '../users/users.ts';
import { ACCOUNT_MESSAGES } from '#kernel/account-rules.ts';
import { LIFECYCLE_MESSAGES } from '#kernel/lifecycle-rules.ts';
import { normalisePhone } from '#kernel/phone.ts';
import type { Locale } from '#kernel/i18n/locales.ts';
import { passwordChangedEmail, passwordResetEmail, resetLink } from './emails.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { LoginInput, RegisterInput, UpdateMeInput } from './schemas.ts';
import { createSession, type User } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { english } from '../i18n.ts';

/** Register, log in, reset a password, edit details, delete the account: plain functions over Db. */

export const INVALID_CREDENTIALS = english.errors.invalidCredentials;
export const EMAIL_TAKEN = english.errors.emailTaken;
const RESET_TOKEN_MS = 60 * 60 * 1000;

type MailDeps = { db: Db; mailer: Mailer; config: Pick<Config, 'appUrl'>; logger: Logger; rateLimits: RateLimits };
/**
 * `locale`: the language of the page the request came from (a page's context.locale): registering,
 * signing in or saving details there makes it the account's language for e-mails and SMS
 * (users.locale, migration 2000). The API (no locale) leaves it as it is.
 */
type LimitedDeps = { db: Db; rateLimits: RateLimits; locale?: Locale };

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Mail goes out after the answer: a request for a known address must take as long as one for
 * an unknown address, and a slow SMTP server must not hold the page. Failures are logged.
 */
function sendInBackground(mailer: Mailer, logger: Logger, message: MailMessage): Promise<void> {
  return mailer.send(message).catch((err: unknown) => logger.error({ err, subject: message.subject }, 'could not send account e-mail'));
}

function refuseWeakPassword(password: string, person: Parameters<typeof passwordProblem>[1], field: string): void {
  const problem = passwordProblem(password, person);
  if (problem) throw badRequest(problem, [{ msg: problem, path: field }]);
}

/** A new account; sign-ups are counted per client address. */
export async function registerUser({ db, rateLimits, locale }: LimitedDeps, input: RegisterInput, clientIp: string): Promise<User> {
  await rateLimits.hit('registerPerIp', clientIp);
  refuseWeakPassword(input.password, input, 'password');
  if (await findUserByEmail(db, input.email)) throw conflict((t) => t.errors.emailTaken);
  try {
    return await insertUser(db, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      password: input.password,
      location: input.location,
      phoneNumber: normalisePhone(input.phoneNumber),
      locale,
    });
  } catch (error) {
    // Two sign-ups with the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict((t) => t.errors.emailTaken);
    throw error;
  }
}

/**
 * Checks the password (the same answer, and the same time, for an unknown e-mail and a wrong
 * password) and opens a session. Every attempt on an account is counted before the password
 * is checked, atomically, so parallel guesses cannot slip past the limit: once it is reached,
 * even the right password is refused until the window ends. A successful login clears the
 * account's count. Failures also count against the client address (password spraying).
 */
export async function logIn({ db, rateLimits, locale }: LimitedDeps, input: LoginInput, clientIp: string) {
  await rateLimits.refuseIfBlocked('loginPerIp', clientIp);
  await rateLimits.hit('loginPerAccount', input.email);
  const user = await findUserByEmail(db, input.email);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await rateLimits.tryHit('loginPerIp', clientIp);
    throw unauthorized((t) => t.errors.invalidCredentials);
  }
  await rateLimits.reset('loginPerAccount', input.email);
  // A banned account (server/moderation/moderation.ts) is told so, but only with its password.
  if (user.bannedAt) throw forbidden(LIFECYCLE_MESSAGES.banned);
  const session = await createSession(db, user.id, { persistent: input.rememberMe === true });
  if (locale && locale !== user.locale) {
    await db.update(users).set({ locale }).where(eq(users.id, user.id));
    return { user: { ...user, locale }, session };
  }
  return { user, session };
}

/** A new single-use reset token for the user; any older unused one stops working. */
export async function createResetToken(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + RESET_TOKEN_MS) });
  });
  return token;
}

/**
 * Always answers the same way, in the same time, whether or not the address has an account
 * (no enumeration): only the per-client limit is checked before the answer; looking the
 * address up, making a token and mailing it happen afterwards. Mail to one address is capped
 * quietly; the per-client limit answers 429.
 */
export async function requestPasswordReset(deps: MailDeps, email: string, clientIp: string): Promise<void> {
  await deps.rateLimits.hit('resetRequestsPerIp', clientIp);
  void sendResetLink(deps, email).catch((err: unknown) => deps.logger.error({ err }, 'could not prepare a password reset'));
}

async function sendResetLink(deps: MailDeps, email: string): Promise<void> {
  if (!(await deps.rateLimits.tryHit('resetMailsPerEmail', email))) return;
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await createResetToken(deps.db, user.id);
  await sendInBackground(deps.mailer, deps.logger, passwordResetEmail(user, resetLink(deps.config.appUrl, token, user.locale)));
}

/** The account a reset token belongs to, when the token is unused, not superseded and not expired. */
export async function findResetUser(db: Db, token: string | undefined, now = new Date()): Promise<User | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .limit(1);
  return rows[0]?.user ?? null;
}

/**
 * Sets a new password with a reset token. In one transaction: the token is used up (only one
 * of two concurrent requests can win), every other link is voided and every session revoked.
 */
export async function resetPassword(deps: MailDeps, token: string, newPassword: string): Promise<User> {
  const before = await findResetUser(deps.db, token);
  if (!before) throw badRequest(ACCOUNT_MESSAGES.resetInvalidLink);
  refuseWeakPassword(newPassword, before, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const user = await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!used) throw badRequest(ACCOUNT_MESSAGES.resetInvalidLink);
    const [updated] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId)).returning();
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
    return updated!;
  });
  // Whoever was locked out by failed attempts has just proved they own the address.
  await deps.rateLimits.reset('loginPerAccount', user.email);
  void sendInBackground(deps.mailer, deps.logger, passwordChangedEmail(user, deps.config.appUrl));
  return user;
}

export const CURRENT_PASSWORD_FOR_EMAIL = english.errors.currentPasswordForEmail;
export const PASSWORD_TO_DELETE = english.errors.passwordToDelete;
export const WRONG_CURRENT_PASSWORD = english.errors.wrongCurrentPassword;

/**
 * Changes that hand the account to whoever holds the session (a new e-mail address, where
 * reset links then go) or destroy it need the password too: a session left open on a shared
 * phone is not enough. Guesses count against the same limit as logins.
 */
async function confirmPassword({ rateLimits }: LimitedDeps, user: User, password: string | undefined, field: string, missing: string) {
  if (!password) throw badRequest(missing, [{ msg: missing, path: field }]);
  await rateLimits.hit('loginPerAccount', user.email);
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(WRONG_CURRENT_PASSWORD, [{ msg: WRONG_CURRENT_PASSWORD, path: field }]);
  await rateLimits.reset('loginPerAccount', user.email);
}

const OPTIONAL_TEXT = ['location', 'address', 'city', 'country'] as const;

/** The phone number is how buyers reach a seller (Show phone, Call, WhatsApp): there is no other channel. */
export const PHONE_NEEDED_FOR_ADS = english.errors.phoneNeededForAds;

async function hasAds(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, userId)).limit(1);
  return rows.length > 0;
}

/** Applies the fields that were sent; empty optional texts clear the field. */
export async function updateUserDetails(deps: LimitedDeps, user: User, input: UpdateMeInput): Promise<User> {
  const { db } = deps;
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;
  if (input.email !== undefined && input.email !== user.email) {
    await confirmPassword(deps, user, input.currentPassword, 'currentPassword', CURRENT_PASSWORD_FOR_EMAIL);
    if (await findUserByEmail(db, input.email)) throw conflict((t) => t.errors.emailExists);
    patch.email = input.email;
  }
  for (const key of OPTIONAL_TEXT) if (input[key] !== undefined) patch[key] = input[key] || null;
  // Issue 43: messages only (no number for buyers), and e-mails about unread messages.
  if (input.showPhone !== undefined) patch.showPhone = input.showPhone;
  if (input.messageEmails !== undefined) patch.messageEmails = input.messageEmails;
  if (deps.locale && deps.locale !== user.locale) patch.locale = deps.locale;
  if (input.phoneNumber !== undefined) {
    patch.phoneNumber = input.phoneNumber ? normalisePhone(input.phoneNumber) : null;
    if (patch.phoneNumber === null && user.phoneNumber && (await hasAds(db, user.id))) {
      throw badRequest(PHONE_NEEDED_FOR_ADS, [{ msg: PHONE_NEEDED_FOR_ADS, path: 'phoneNumber' }]);
    }
    // A new number must be verified again, even one that was verified before (issue 19).
    if (patch.phoneNumber !== user.phoneNumber) patch.phoneVerified = null;
  }
  if (Object.keys(patch).length === 0) return user;
  try {
    const [row] = await db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw unauthorized();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict((t) => t.errors.emailExists);
    throw error;
  }
}

/**
 * Removes the account with its sessions, reset tokens, listings, drafts and their images. The rows go
 * in one transaction (sessions, resets, listings, drafts and images cascade from users; payments keep a
 * null user); image files are removed only after it commits, so a failure never leaves rows
 * pointing at missing files. A file that cannot be removed is logged, not fatal: it is
 * unreachable once its row is gone.
 */
export async function deleteAccount(deps: LimitedDeps & { media: MediaStore; logger: Logger }, user: User, password: string | undefined): Promise<void> {
  await confirmPassword(deps, user, password, 'password', PASSWORD_TO_DELETE);
  const userId = user.id;
  const storageKeys = await deps.db.transaction(async (tx) => {
    // Locking the user and their listings stops a concurrent upload adding an image we would miss.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw unauthorized();
    await tx.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, userId)).for('update');
    const images = await tx
      .select({ storageKey: listingImages.storageKey })
      .from(listingImages)
      .innerJoin(listings, eq(listings.id, listingImages.listingId))
      .where(eq(listings.ownerId, userId));
    // Drafts cascade with the account; their photos are its objects too.
    const drafted = await tx
      .select({ storageKey: listingDraftPhotos.storageKey })
      .from(listingDraftPhotos)
      .innerJoin(listingDrafts, eq(listingDrafts.id, listingDraftPhotos.draftId))
      .where(eq(listingDrafts.ownerId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return [...images, ...drafted].map((i) => i.storageKey);
  });
  try {
    await deps.media.remove(storageKeys.flatMap(imageFiles));
  } catch (err) {
    deps.logger.error({ err, userId, files: storageKeys.length }, 'account deleted but some image files could not be removed');
  }
}
