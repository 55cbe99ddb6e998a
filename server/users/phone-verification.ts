import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MAX_PHONE_CODE_ATTEMPTS, PHONE_CODE_LENGTH, PHONE_CODE_MINUTES, PHONE_VERIFY_MESSAGES as M } from '#kernel/phone-verification-rules.ts';
import { formatPhone } from '#kernel/phone.ts';
import type { User } from '../auth/sessions.ts';
import type { Services } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { asLocale, catalogFor } from '../i18n.ts';

/**
 * A seller proves a phone number is theirs with a one-time code sent by SMS (Africa's Talking,
 * server/sms/). Only a hash of the code is stored; it expires, wrong guesses are counted, and a
 * new request replaces the old code. Verification belongs to the number: see migration 0812.
 */

export const isPhoneVerified = (user: Pick<User, 'phoneNumber' | 'phoneVerified'>) => !!user.phoneNumber && user.phoneVerified === user.phoneNumber;

/** Whether the seller of an ad has a verified phone (the ad page's badge). */
export async function sellerHasVerifiedPhone(db: Db, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const [row] = await queryRows<{ verified: boolean }>(db, sql`select (phone_verified is not null and phone_verified = phone_number) as verified from users where id = ${userId}`);
  return row?.verified ?? false;
}

const codeHash = (userId: string, phone: string, code: string) => createHash('sha256').update(`${userId}\0${phone}\0${code}`).digest('hex');

/** Sends a new code to the user's number, replacing any earlier one. Answers the message to show. */
export async function sendPhoneCode(deps: Pick<Services, 'db' | 'rateLimits' | 'sms' | 'logger'>, user: User): Promise<string> {
  if (!deps.sms) throw new AppError(503, M.unavailable);
  const phone = user.phoneNumber;
  if (!phone) throw badRequest(M.noPhone);
  if (isPhoneVerified(user)) throw badRequest(M.alreadyVerified);
  // A minute between texts, and a few a day per account and per number: each one costs money.
  await deps.rateLimits.hit('phoneCodeResend', user.id);
  await deps.rateLimits.hit('phoneCodesPerAccount', user.id);
  await deps.rateLimits.hit('phoneCodesPerNumber', phone);
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  await deps.db.execute(
    sql`insert into phone_codes (user_id, phone, code_hash, attempts, expires_at)
        values (${user.id}, ${phone}, ${codeHash(user.id, phone, code)}, 0, now() + make_interval(mins => ${PHONE_CODE_MINUTES}))
        on conflict (user_id) do update set phone = excluded.phone, code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, created_at = now()`,
  );
  // In the account's language (users.locale).
  const result = await deps.sms.sender.send(phone, catalogFor(asLocale(user.locale)).sms.phoneCode({ code, minutes: PHONE_CODE_MINUTES }));
  if (!result.ok) {
    // A code that never arrived must not be guessable: it goes.
    await deps.db.execute(sql`delete from phone_codes where user_id = ${user.id}`);
    deps.logger.warn({ userId: user.id, reason: result.reason, permanent: result.permanent }, 'phone code not sent');
    throw result.permanent ? badRequest(M.badNumber(formatPhone(phone))) : new AppError(502, M.notSent);
  }
  return M.sent(formatPhone(phone));
}

/** Checks a code the user typed; on success their current number is verified. */
export async function confirmPhoneCode(db: Db, user: User, input: unknown): Promise<void> {
  const code = typeof input === 'string' ? input.replace(/[\s-]/g, '') : '';
  if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code)) throw badRequest(M.codeFormat, [{ msg: M.codeFormat, path: 'code' }]);
  const [pending] = await queryRows<{ phone: string; code_hash: string; expired: boolean }>(
    db,
    sql`select phone, code_hash, expires_at <= now() as expired from phone_codes where user_id = ${user.id}`,
  );
  if (!pending || pending.expired) {
    if (pending) await db.execute(sql`delete from phone_codes where user_id = ${user.id}`);
    throw badRequest(M.expired);
  }
  if (pending.phone !== user.phoneNumber) {
    await db.execute(sql`delete from phone_codes where user_id = ${user.id}`);
    throw badRequest(M.numberChanged);
  }
  if (!timingSafeEqual(Buffer.from(codeHash(user.id, pending.phone, code)), Buffer.from(pending.code_hash))) {
    // Counted in one statement, so parallel guesses cannot share an attempt.
    const [counted] = await queryRows<{ attempts: number }>(
      db,
      sql`update phone_codes set attempts = attempts + 1 where user_id = ${user.id} and attempts < ${MAX_PHONE_CODE_ATTEMPTS} returning attempts`,
    );
    const left = counted ? MAX_PHONE_CODE_ATTEMPTS - counted.attempts : 0;
    if (left <= 0) {
      await db.execute(sql`delete from phone_codes where user_id = ${user.id}`);
      throw badRequest(M.tooManyAttempts);
    }
    throw badRequest(M.wrongCode(left));
  }
  // Only the number the code went to, and only if it is still the account's number.
  await db.execute(
    sql`with used as (delete from phone_codes where user_id = ${user.id} and code_hash = ${pending.code_hash} returning phone)
        update users set phone_verified = used.phone from used where users.id = ${user.id} and users.phone_number = used.phone`,
  );
}
