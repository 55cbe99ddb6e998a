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
import type * as EnAd from './en/ad.ts';
import type * as SwAd from './sw/ad.ts';
import type * as EnPost from './en/post.ts';
import type * as SwPost from './sw/post.ts';
import type * as EnManage from './en/manage.ts';
import type * as SwManage from './sw/manage.ts';
import type * as EnLifecycle from './en/lifecycle.ts';
import type * as SwLifecycle from './sw/lifecycle.ts';
import type * as EnReport from './en/report.ts';
import type * as SwReport from './sw/report.ts';
import type * as EnSubcategories from './en/subcategories.ts';
import type * as SwSubcategories from './sw/subcategories.ts';

type Like<M> = { [K in keyof M]: M[K] extends string ? string : M[K] };
/** Keys the Swahili module has and the English one lacks, each required as `never`: `{}` then fails naming them. */
type NoExtra<Sw, En> = Record<Exclude<keyof Sw, keyof En>, never>;

export const common: Like<typeof EnCommon> = {} as typeof SwCommon;
export const commonExtra: NoExtra<typeof SwCommon, typeof EnCommon> = {};
export const locale: Like<typeof EnLocale> = {} as typeof SwLocale;
export const localeExtra: NoExtra<typeof SwLocale, typeof EnLocale> = {};
export const ad: Like<typeof EnAd> = {} as typeof SwAd;
export const adExtra: NoExtra<typeof SwAd, typeof EnAd> = {};
export const post: Like<typeof EnPost> = {} as typeof SwPost;
export const postExtra: NoExtra<typeof SwPost, typeof EnPost> = {};
export const manage: Like<typeof EnManage> = {} as typeof SwManage;
export const manageExtra: NoExtra<typeof SwManage, typeof EnManage> = {};
export const lifecycle: Like<typeof EnLifecycle> = {} as typeof SwLifecycle;
export const lifecycleExtra: NoExtra<typeof SwLifecycle, typeof EnLifecycle> = {};
export const report: Like<typeof EnReport> = {} as typeof SwReport;
export const reportExtra: NoExtra<typeof SwReport, typeof EnReport> = {};
export const subcategories: Like<typeof EnSubcategories> = {} as typeof SwSubcategories;
export const subcategoriesExtra: NoExtra<typeof SwSubcategories, typeof EnSubcategories> = {};
