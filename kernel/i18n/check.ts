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
import type * as EnErrors from './en/errors.ts';
import type * as SwErrors from './sw/errors.ts';
import type * as EnMail from './en/mail.ts';
import type * as SwMail from './sw/mail.ts';
import type * as EnSms from './en/sms.ts';
import type * as SwSms from './sw/sms.ts';
import type * as EnApi from './en/api.ts';
import type * as SwApi from './sw/api.ts';

type Like<M> = { [K in keyof M]: M[K] extends string ? string : M[K] };
/** Keys the Swahili module has and the English one lacks, each required as `never`: `{}` then fails naming them. */
type NoExtra<Sw, En> = Record<Exclude<keyof Sw, keyof En>, never>;

export const common: Like<typeof EnCommon> = {} as typeof SwCommon;
export const commonExtra: NoExtra<typeof SwCommon, typeof EnCommon> = {};
export const locale: Like<typeof EnLocale> = {} as typeof SwLocale;
export const localeExtra: NoExtra<typeof SwLocale, typeof EnLocale> = {};
export const errors: Like<typeof EnErrors> = {} as typeof SwErrors;
export const errorsExtra: NoExtra<typeof SwErrors, typeof EnErrors> = {};
export const mail: Like<typeof EnMail> = {} as typeof SwMail;
export const mailExtra: NoExtra<typeof SwMail, typeof EnMail> = {};
export const sms: Like<typeof EnSms> = {} as typeof SwSms;
export const smsExtra: NoExtra<typeof SwSms, typeof EnSms> = {};
export const api: Like<typeof EnApi> = {} as typeof SwApi;
export const apiExtra: NoExtra<typeof SwApi, typeof EnApi> = {};
