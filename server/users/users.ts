import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { User } from '../auth/sessions.ts';
import type { Locale } from '#kernel/i18n/locales.ts';

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber: string | null;
  location: string | null;
  /** When the account was opened: now, unless demo data or a test says otherwise. */
  createdAt?: Date;
  /** The language of their e-mails and SMS (users.locale): English unless they registered under /sw. */
  locale?: Locale;
};

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const rows = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  return rows[0] ?? null;
}

/** A public handle made from the name, unique across users (amina.w, amina.w2, ...). */
async function freeUsername(db: Db, stem: string): Promise<string> {
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} = ${stem} or ${users.username} ~ ${`^${stem.replace(/\./g, '\\.')}[0-9]+$`}`);
  if (!taken.some((t) => t.username === stem)) return stem;
  const used = new Set(taken.map((t) => t.username));
  for (let n = 2; ; n++) if (!used.has(`${stem}${n}`)) return `${stem}${n}`;
}

const usernameStem = (firstName: string, lastName: string) =>
  `${firstName}.${lastName.slice(0, 1)}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9.]/g, '')
    .replace(/^\.+|\.+$/g, '') || 'user';

/**
 * Inserts a user with an argon2id hash. Input must already be validated; e-mail is normalised here.
 * Two people with the same name signing up at once pick the same free handle: the loser of that
 * race tries the next one instead of failing the sign-up (an e-mail already taken still fails).
 */
export async function insertUser(db: Db, input: NewUser): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const stem = usernameStem(input.firstName, input.lastName);
  for (let attempt = 0; attempt < 10; attempt++) {
    const username =
      attempt < 5 ? await freeUsername(db, stem) : `${stem}${Math.floor(Math.random() * 1e6)}`; // a crowd of namesakes: stop counting
    const [row] = await db
      .insert(users)
      .values({
        email: normaliseEmail(input.email),
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        username,
        phoneNumber: input.phoneNumber,
        location: input.location,
        ...(input.locale ? { locale: input.locale } : {}),
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .onConflictDoNothing({ target: users.username })
      .returning();
    if (row) return row;
  }
  throw new Error(`no free username for ${stem} after 10 tries`);
}

/** The user as the API shows it (spec section 3): never the password hash. */
export function toUserJson(user: User) {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    location: user.location,
    address: user.address,
    city: user.city,
    country: user.country,
    phoneNumber: user.phoneNumber,
    showPhone: user.showPhone,
    messageEmails: user.messageEmails,
    createdAt: user.createdAt.toISOString(),
  };
}
export type UserJson = ReturnType<typeof toUserJson>;
