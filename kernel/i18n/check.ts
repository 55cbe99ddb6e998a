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
import type * as EnBrowse from './en/browse.ts';
import type * as SwBrowse from './sw/browse.ts';
import type * as EnCategories from './en/categories.ts';
import type * as SwCategories from './sw/categories.ts';
import type * as EnDates from './en/dates.ts';
import type * as SwDates from './sw/dates.ts';
import type * as EnSeller from './en/seller.ts';
import type * as SwSeller from './sw/seller.ts';
import type * as EnCategoryLabels from './en/labels/categories.ts';
import type * as SwCategoryLabels from './sw/labels/categories.ts';
import type * as EnDateLabels from './en/labels/dates.ts';
import type * as SwDateLabels from './sw/labels/dates.ts';

type Like<M> = { [K in keyof M]: M[K] extends string ? string : M[K] };
/** Keys the Swahili module has and the English one lacks, each required as `never`: `{}` then fails naming them. */
type NoExtra<Sw, En> = Record<Exclude<keyof Sw, keyof En>, never>;

export const common: Like<typeof EnCommon> = {} as typeof SwCommon;
export const commonExtra: NoExtra<typeof SwCommon, typeof EnCommon> = {};
export const locale: Like<typeof EnLocale> = {} as typeof SwLocale;
export const localeExtra: NoExtra<typeof SwLocale, typeof EnLocale> = {};
export const browse: Like<typeof EnBrowse> = {} as typeof SwBrowse;
export const browseExtra: NoExtra<typeof SwBrowse, typeof EnBrowse> = {};
export const categories: Like<typeof EnCategories> = {} as typeof SwCategories;
export const categoriesExtra: NoExtra<typeof SwCategories, typeof EnCategories> = {};
export const dates: Like<typeof EnDates> = {} as typeof SwDates;
export const datesExtra: NoExtra<typeof SwDates, typeof EnDates> = {};
export const seller: Like<typeof EnSeller> = {} as typeof SwSeller;
export const sellerExtra: NoExtra<typeof SwSeller, typeof EnSeller> = {};
/** Code per language beside the texts (kernel/i18n/<lang>/labels/): the same exports, of the same types. */
export const categoryLabels: typeof EnCategoryLabels = {} as typeof SwCategoryLabels;
export const categoryLabelsExtra: NoExtra<typeof SwCategoryLabels, typeof EnCategoryLabels> = {};
export const dateLabels: Like<typeof EnDateLabels> = {} as typeof SwDateLabels;
export const dateLabelsExtra: NoExtra<typeof SwDateLabels, typeof EnDateLabels> = {};
