import { z } from '@hono/zod-openapi';
import { normalisePhone, PHONE_ERROR } from '#kernel/phone.ts';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#kernel/account-rules.ts';
import { english } from '../i18n.ts';

/**
 * Input schemas of the accounts feature, shared by the JSON API and the page actions so both
 * accept and refuse exactly the same things. Zod objects strip unknown keys (no mass assignment).
 * Messages are user-facing; the ones the specification gives are used word for word.
 */

const { invalidEmail: INVALID_EMAIL, shortPassword: SHORT_PASSWORD, longPassword: LONG_PASSWORD } = ACCOUNT_MESSAGES;

// Names and places are one line: no CR/LF or other control characters (they end up in e-mail headers and lists).
const hasControlChar = (v: string) => [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const singleLine = (label: string) => [(v: string) => !hasControlChar(v), `${label} must be a single line of text.`] as const;

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .refine(...singleLine(label));

const name = (label: string) => required(label).max(100, `${label} must be at most 100 characters long.`);

/** Trimmed and lower-cased: one account per address however it is typed. */
const email = z
  .string({ error: english.errors.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, english.errors.emailRequired)
  .max(MAX_EMAIL_LENGTH, INVALID_EMAIL)
  .regex(EMAIL_PATTERN, INVALID_EMAIL);

/** Never trimmed: spaces are part of a password. */
const newPassword = z
  .string({ error: english.errors.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, SHORT_PASSWORD)
  .max(MAX_PASSWORD_LENGTH, LONG_PASSWORD);

const phone = z
  .string({ error: english.errors.phoneRequired })
  .trim()
  .min(1, english.errors.phoneRequired)
  .refine((v) => normalisePhone(v) !== null, PHONE_ERROR);

/** An optional free-text field: empty means "not given" and is stored as null. */
const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(200, `${label} must be at most 200 characters long.`)
    .refine(...singleLine(label));

export const RegisterInput = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email,
    password: newPassword,
    location: required('Location').max(100, 'Location must be at most 100 characters long.'),
    phoneNumber: phone,
  })
  .openapi('RegisterInput');
export type RegisterInput = z.output<typeof RegisterInput>;

export const LoginInput = z
  .object({
    email: z.string({ error: english.errors.emailRequired }).trim().toLowerCase().min(1, english.errors.emailRequired).max(254, english.errors.invalidCredentials),
    // Length is not checked against today's rules: older passwords still have to work.
    password: z.string({ error: english.errors.passwordRequired }).min(1, english.errors.passwordRequired).max(1024, english.errors.invalidCredentials),
    rememberMe: z.boolean().optional().openapi({ description: '30-day persistent session instead of one that ends with the browser (12 h at most).' }),
  })
  .openapi('LoginInput');
export type LoginInput = z.output<typeof LoginInput>;

export const ForgotPasswordInput = z.object({ email }).openapi('ForgotPasswordInput');

export const ResetPasswordInput = z
  .object({
    newPassword,
    token: z.string().trim().max(200).optional().openapi({ description: 'Also accepted as the token query parameter.' }),
  })
  .openapi('ResetPasswordInput');

export const TokenQuery = z.object({ token: z.string().trim().max(200).optional() });

/** PUT /auth/me: every field optional; empty optional texts clear the field. */
export const UpdateMeInput = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email,
    location: optionalText('Location'),
    address: optionalText('Address'),
    city: optionalText('City'),
    country: optionalText('Country'),
    phoneNumber: z
      .string({ error: english.errors.phoneMustBeText })
      .trim()
      .refine((v) => v === '' || normalisePhone(v) !== null, PHONE_ERROR),
    currentPassword: z
      .string({ error: english.errors.passwordMustBeText })
      .max(1024)
      .openapi({ description: 'Required to change the e-mail address.' }),
    showPhone: z
      .boolean({ error: 'showPhone must be true or false.' })
      .openapi({ description: 'false: buyers reach you by messages only and never see your number (issue 43)' }),
    messageEmails: z
      .boolean({ error: 'messageEmails must be true or false.' })
      .openapi({ description: 'An e-mail when a message waits unread for 10 minutes' }),
  })
  .partial()
  .openapi('UpdateMeInput');
export type UpdateMeInput = z.output<typeof UpdateMeInput>;

export const DeleteMeInput = z
  .object({ password: z.string({ error: english.errors.passwordMustBeText }).max(1024).optional().openapi({ description: 'The account’s current password.' }) })
  .openapi('DeleteMeInput');

export const UserSchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    username: z.string(),
    location: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    phoneNumber: z.string().nullable().openapi({ description: 'E.164, e.g. +254712345678' }),
    showPhone: z.boolean().openapi({ description: 'false: buyers reach this seller by messages only' }),
    messageEmails: z.boolean().openapi({ description: 'E-mails about messages left unread for 10 minutes' }),
    createdAt: z.string(),
  })
  .openapi('User');

