import * as enErrors from '../kernel/i18n/en/errors.ts';
import * as swErrors from '../kernel/i18n/sw/errors.ts';
import * as enMail from '../kernel/i18n/en/mail.ts';
import * as swMail from '../kernel/i18n/sw/mail.ts';
import * as enSms from '../kernel/i18n/en/sms.ts';
import * as swSms from '../kernel/i18n/sw/sms.ts';
import * as enApi from '../kernel/i18n/en/api.ts';
import * as swApi from '../kernel/i18n/sw/api.ts';
import * as enAccounts from '../kernel/i18n/en/accounts.ts';
import * as swAccounts from '../kernel/i18n/sw/accounts.ts';
import * as enAd from '../kernel/i18n/en/ad.ts';
import * as swAd from '../kernel/i18n/sw/ad.ts';
import * as enConversations from '../kernel/i18n/en/conversations.ts';
import * as swConversations from '../kernel/i18n/sw/conversations.ts';
import * as enLifecycle from '../kernel/i18n/en/lifecycle.ts';
import * as swLifecycle from '../kernel/i18n/sw/lifecycle.ts';
import * as enManage from '../kernel/i18n/en/manage.ts';
import * as swManage from '../kernel/i18n/sw/manage.ts';
import * as enMpesa from '../kernel/i18n/en/mpesa.ts';
import * as swMpesa from '../kernel/i18n/sw/mpesa.ts';
import * as enPayments from '../kernel/i18n/en/payments.ts';
import * as swPayments from '../kernel/i18n/sw/payments.ts';
import * as enPost from '../kernel/i18n/en/post.ts';
import * as swPost from '../kernel/i18n/sw/post.ts';
import * as enReport from '../kernel/i18n/en/report.ts';
import * as swReport from '../kernel/i18n/sw/report.ts';
import * as enReviews from '../kernel/i18n/en/reviews.ts';
import * as swReviews from '../kernel/i18n/sw/reviews.ts';
import * as enSaved from '../kernel/i18n/en/saved.ts';
import * as swSaved from '../kernel/i18n/sw/saved.ts';
import * as enSubcategories from '../kernel/i18n/en/subcategories.ts';
import * as swSubcategories from '../kernel/i18n/sw/subcategories.ts';
import { LOCALES, SWAHILI_BASENAME, type Locale } from '../kernel/i18n/locales.ts';

/**
 * The server's texts in the language of a request or a recipient (docs/decisions/swahili-i18n.md,
 * plan step 7). Pages get their language from their build (`#messages/*`); the server answers in
 * a language it chooses per request: the API by `Accept-Language`, a page's loader or action by
 * its build (`context.locale`), an e-mail or SMS by the recipient's `users.locale`. So server/
 * reads both catalogs by path, here, and never imports `#messages/*` (lint).
 */

type Like<M> = { [K in keyof M]: M[K] extends string ? string : M[K] };

export type Catalog = { errors: Like<typeof enErrors>; mail: Like<typeof enMail>; sms: Like<typeof enSms>; api: Like<typeof enApi> };
/** A text chosen from a catalog, rendered in whichever language is asked for. */
export type Selector = (t: Catalog) => string;

const catalog = (errors: Catalog['errors'], mail: Catalog['mail'], sms: Catalog['sms'], api: Catalog['api']): Catalog => ({ errors, mail, sms, api });
// Passed whole (not as object literal values), so knip counts every message of a catalog as used.
const CATALOGS: Record<Locale, Catalog> = { en: catalog(enErrors, enMail, enSms, enApi), sw: catalog(swErrors, swMail, swSms, swApi) };

export const catalogFor = (locale: Locale): Catalog => CATALOGS[locale];
export const english: Catalog = CATALOGS.en;

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** A stored or sent language, English when it is none of ours. */
export const asLocale = (value: unknown): Locale => (isLocale(value) ? value : 'en');

/**
 * The language an API client asks for: `sw` or `sw-KE` (any `sw-…`) preferred over `en` by
 * q-value; equal weights keep the header's order; no header, `*` or only other languages: English.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return 'en';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? 'en';
}

/**
 * The language of the page build this copy of server/ is bundled in (vite.config.ts defines
 * `__SOKO_BUILD_LOCALE__`: each page build bundles its own copy of server/, so a route's action
 * that calls `attempt` answers in its pages' language); English in the server process itself,
 * where the API passes its request's language explicitly (`c.get('locale')`). A per-request
 * AsyncLocalStorage did this before, at about a quarter of the main thread's CPU a search
 * (Node 20's promise hooks on every request once one store is in use).
 */
declare const __SOKO_BUILD_LOCALE__: string | undefined;
const BUILD_LOCALE: Locale = asLocale(typeof __SOKO_BUILD_LOCALE__ === 'string' ? __SOKO_BUILD_LOCALE__ : 'en');

/** The language of the page being answered (its build's); English outside a page build (the API, jobs, startup). */
export const requestLocale = (): Locale => BUILD_LOCALE;

/** A text in a request's language (the API's success messages: `say(c.get('locale'), (t) => …)`). */
export const say = (locale: Locale, select: Selector): string => select(catalogFor(locale));

/**
 * Error texts known by their English words: every constant of the errors catalog, and each text
 * made by `englishText` (a zod schema's message from a function message). A field error's `msg`
 * or a plain-string AppError is rendered in another language through this.
 */
const byEnglish = new Map<string, Selector>(
  Object.entries(enErrors).flatMap(([key, text]) =>
    typeof text === 'string' ? [[text, (t: Catalog) => (t.errors as Record<string, unknown>)[key] as string] as const] : [],
  ),
);

/** The English text of a catalog message, remembered so that it can be rendered in another language (zod messages, constants). */
export function englishText(select: Selector): string {
  const text = select(english);
  byEnglish.set(text, select);
  return text;
}

/** The page catalogs whose texts the shared rules (kernel/*.ts) hand the server, English and Swahili. */
const KERNEL_CATALOGS = [[enAccounts, swAccounts], [enAd, swAd], [enConversations, swConversations], [enLifecycle, swLifecycle], [enManage, swManage], [enMpesa, swMpesa], [enPayments, swPayments], [enPost, swPost], [enReport, swReport], [enReviews, swReviews], [enSaved, swSaved]] as Array<[Record<string, unknown>, Record<string, unknown>]>;

/**
 * The pages' texts that the shared rules (kernel/*.ts) hand the server as errors, by their
 * English words: a rule imports its texts as `#messages/…`, which in the server process are the
 * English ones (docs/decisions/swahili-i18n.md), so the API renders them in Swahili through this.
 * Whole texts; those written around a value: KERNEL_SWAHILI_AROUND.
 */
const KERNEL_SWAHILI = new Map<string, string>(
  KERNEL_CATALOGS.flatMap(([en, sw]) =>
    Object.entries(en).flatMap(([key, text]) => (typeof text === 'string' && typeof sw[key] === 'string' ? [[text, sw[key]] as [string, string]] : [])),
  ),
);

/** The buyer's quick replies in every language (issue 43): a Swahili page sends them in Swahili, and none is ever the same first message to many sellers. */
export const QUICK_REPLIES_ANY_LANGUAGE: readonly string[] = [enConversations, swConversations].flatMap((c) => [c.quickStillAvailable, c.quickLastPrice, c.quickWhereMeet]);

/** A text as a regular expression that matches it literally. */
const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Texts the shared rules write around a value, by the catalogs' convention of `xBefore` and
 * `xAfter` ("Password must be at least " + 8 + " characters long."): each pair, as a pattern of
 * its English parts, with the Swahili parts to put around the same value.
 */
const KERNEL_SWAHILI_AROUND: Array<{ english: RegExp; before: string; after: string }> = KERNEL_CATALOGS.flatMap(([en, sw]) =>
  Object.keys(en).flatMap((key) => {
    const stem = /^(.*)Before$/.exec(key)?.[1];
    const after = `${stem}After`;
    if (!stem || ![en[key], en[after], sw[key], sw[after]].every((t) => typeof t === 'string')) return [];
    return [{ english: new RegExp(`^${quote(en[key] as string)}(.+?)${quote(en[after] as string)}$`, 's'), before: sw[key] as string, after: sw[after] as string }];
  }),
);

/** A field's label (kernel/subcategories.ts), English to Swahili. */
const FIELD_LABELS = new Map<string, string>(
  Object.entries(enSubcategories).flatMap(([key, text]) => (key.startsWith('attr') && typeof text === 'string' ? [[text, (swSubcategories as Record<string, unknown>)[key] as string] as [string, string]] : [])),
);

/**
 * A field's error as kernel/subcategories.ts writes it: the field's label, then its parts around
 * the values (null), in the same order in both languages ("Year must be a whole number from 1950
 * to 2027." / its Swahili).
 */
const FIELD_ERRORS = (() => {
  const shapes = (c: typeof enSubcategories | typeof swSubcategories): Array<Array<string | null>> => [
    [c.mustBe, c.aWholeNumber, '.'],
    [c.mustBe, c.textWord, '.'],
    [c.wholeNumberFrom, null, c.rangeTo, null, '.'],
    [c.oneOf, null, '.'],
    [c.atMost, null, c.charactersEnd],
  ];
  const sw = shapes(swSubcategories);
  return shapes(enSubcategories).map((parts, i) => ({ english: new RegExp(`^(.+?)${parts.map((p) => (p === null ? '(.+?)' : quote(p))).join('')}$`, 's'), swahili: sw[i]! }));
})();

function kernelSwahili(text: string): string | undefined {
  const whole = KERNEL_SWAHILI.get(text);
  if (whole !== undefined) return whole;
  for (const { english, before, after } of KERNEL_SWAHILI_AROUND) {
    const value = english.exec(text)?.[1];
    if (value !== undefined) return `${before}${value}${after}`;
  }
  for (const { english, swahili } of FIELD_ERRORS) {
    const match = english.exec(text);
    if (!match) continue;
    const [, label, ...values] = match;
    const shown = FIELD_LABELS.get(label!);
    if (shown === undefined) continue;
    let next = 0;
    return shown + swahili.map((part) => part ?? values[next++]).join('');
  }
  return undefined;
}

export function translateErrorText(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const select = byEnglish.get(text);
  return select ? select(catalogFor(locale)) : (kernelSwahili(text) ?? text);
}

/** A page's path in a language: `/sw/…` for Swahili (links in e-mails). */
export const pagePath = (locale: Locale, path: string): string => (locale === 'sw' ? `${SWAHILI_BASENAME}${path}` : path);

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** "6 Jan 2026" / "6 Jan 2026" in Nairobi, in the language's month names (e-mails). */
export function mailDate(locale: Locale, at: Date | string): string {
  const d = new Date(new Date(at).getTime() + NAIROBI_OFFSET_MS);
  return catalogFor(locale).mail.date({ day: d.getUTCDate(), month: d.getUTCMonth(), year: d.getUTCFullYear() });
}
