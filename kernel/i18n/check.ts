/**
 * Every Swahili catalog has exactly the English one's messages (docs/decisions/swahili-i18n.md):
 * `npm run typecheck` compiles this file, so a Swahili text missing (TS2741, naming it), one
 * English no longer has, or a function message taking other values is a type error. The text
 * itself is free: each English constant's literal type is widened to string.
 *
 * A new area (kernel/i18n/en/<area>.ts) gets its two lines here.
 */
import type * as EnCommon from './en/common.ts';
import type * as SwCommon from './sw/common.ts';
import type * as EnLocale from './en/locale.ts';
import type * as SwLocale from './sw/locale.ts';
import type * as EnAccounts from './en/accounts.ts';
import type * as SwAccounts from './sw/accounts.ts';
import type * as EnConversations from './en/conversations.ts';
import type * as SwConversations from './sw/conversations.ts';
import type * as EnSaved from './en/saved.ts';
import type * as SwSaved from './sw/saved.ts';
import type * as EnReviews from './en/reviews.ts';
import type * as SwReviews from './sw/reviews.ts';
import type * as EnPayments from './en/payments.ts';
import type * as SwPayments from './sw/payments.ts';
import type * as EnMpesa from './en/mpesa.ts';
import type * as SwMpesa from './sw/mpesa.ts';

type Like<M> = { [K in keyof M]: M[K] extends string ? string : M[K] };
/** Keys the Swahili module has and the English one lacks, each required as `never`: `{}` then fails naming them. */
type NoExtra<Sw, En> = Record<Exclude<keyof Sw, keyof En>, never>;

export const common: Like<typeof EnCommon> = {} as typeof SwCommon;
export const commonExtra: NoExtra<typeof SwCommon, typeof EnCommon> = {};
export const locale: Like<typeof EnLocale> = {} as typeof SwLocale;
export const localeExtra: NoExtra<typeof SwLocale, typeof EnLocale> = {};
export const accounts: Like<typeof EnAccounts> = {} as typeof SwAccounts;
export const accountsExtra: NoExtra<typeof SwAccounts, typeof EnAccounts> = {};
export const conversations: Like<typeof EnConversations> = {} as typeof SwConversations;
export const conversationsExtra: NoExtra<typeof SwConversations, typeof EnConversations> = {};
export const saved: Like<typeof EnSaved> = {} as typeof SwSaved;
export const savedExtra: NoExtra<typeof SwSaved, typeof EnSaved> = {};
export const reviews: Like<typeof EnReviews> = {} as typeof SwReviews;
export const reviewsExtra: NoExtra<typeof SwReviews, typeof EnReviews> = {};
export const payments: Like<typeof EnPayments> = {} as typeof SwPayments;
export const paymentsExtra: NoExtra<typeof SwPayments, typeof EnPayments> = {};
export const mpesa: Like<typeof EnMpesa> = {} as typeof SwMpesa;
export const mpesaExtra: NoExtra<typeof SwMpesa, typeof EnMpesa> = {};
