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
import type * as EnSystem from './en/system.ts';
import type * as SwSystem from './sw/system.ts';
import type * as EnHelp from './en/help.ts';
import type * as SwHelp from './sw/help.ts';
import type * as EnHelpFaq from './en/help-faq.ts';
import type * as SwHelpFaq from './sw/help-faq.ts';
import type * as EnHelpPosting from './en/help-posting.ts';
import type * as SwHelpPosting from './sw/help-posting.ts';
import type * as EnHelpSafeTrading from './en/help-safe-trading.ts';
import type * as SwHelpSafeTrading from './sw/help-safe-trading.ts';
import type * as EnHelpAccount from './en/help-account.ts';
import type * as SwHelpAccount from './sw/help-account.ts';
import type * as EnHelpHow from './en/help-how.ts';
import type * as SwHelpHow from './sw/help-how.ts';
import type * as EnHelpPrivacy from './en/help-privacy.ts';
import type * as SwHelpPrivacy from './sw/help-privacy.ts';
import type * as EnHelpTerms from './en/help-terms.ts';
import type * as SwHelpTerms from './sw/help-terms.ts';
import type * as EnHelpContactForm from './en/help-contact-form.ts';
import type * as SwHelpContactForm from './sw/help-contact-form.ts';
import type * as EnHelpSamples from './en/help-samples.ts';
import type * as SwHelpSamples from './sw/help-samples.ts';
import type * as EnAdmin from './en/admin.ts';
import type * as SwAdmin from './sw/admin.ts';
import type * as EnAdminConversations from './en/admin-conversations.ts';
import type * as SwAdminConversations from './sw/admin-conversations.ts';
import type * as EnAdminConversation from './en/admin-conversation.ts';
import type * as SwAdminConversation from './sw/admin-conversation.ts';
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
export const system: Like<typeof EnSystem> = {} as typeof SwSystem;
export const systemExtra: NoExtra<typeof SwSystem, typeof EnSystem> = {};
export const help: Like<typeof EnHelp> = {} as typeof SwHelp;
export const helpExtra: NoExtra<typeof SwHelp, typeof EnHelp> = {};
export const helpFaq: Like<typeof EnHelpFaq> = {} as typeof SwHelpFaq;
export const helpFaqExtra: NoExtra<typeof SwHelpFaq, typeof EnHelpFaq> = {};
export const helpPosting: Like<typeof EnHelpPosting> = {} as typeof SwHelpPosting;
export const helpPostingExtra: NoExtra<typeof SwHelpPosting, typeof EnHelpPosting> = {};
export const helpSafeTrading: Like<typeof EnHelpSafeTrading> = {} as typeof SwHelpSafeTrading;
export const helpSafeTradingExtra: NoExtra<typeof SwHelpSafeTrading, typeof EnHelpSafeTrading> = {};
export const helpAccount: Like<typeof EnHelpAccount> = {} as typeof SwHelpAccount;
export const helpAccountExtra: NoExtra<typeof SwHelpAccount, typeof EnHelpAccount> = {};
export const helpHow: Like<typeof EnHelpHow> = {} as typeof SwHelpHow;
export const helpHowExtra: NoExtra<typeof SwHelpHow, typeof EnHelpHow> = {};
export const helpPrivacy: Like<typeof EnHelpPrivacy> = {} as typeof SwHelpPrivacy;
export const helpPrivacyExtra: NoExtra<typeof SwHelpPrivacy, typeof EnHelpPrivacy> = {};
export const helpTerms: Like<typeof EnHelpTerms> = {} as typeof SwHelpTerms;
export const helpTermsExtra: NoExtra<typeof SwHelpTerms, typeof EnHelpTerms> = {};
export const helpContactForm: Like<typeof EnHelpContactForm> = {} as typeof SwHelpContactForm;
export const helpContactFormExtra: NoExtra<typeof SwHelpContactForm, typeof EnHelpContactForm> = {};
export const helpSamples: Like<typeof EnHelpSamples> = {} as typeof SwHelpSamples;
export const helpSamplesExtra: NoExtra<typeof SwHelpSamples, typeof EnHelpSamples> = {};
export const admin: Like<typeof EnAdmin> = {} as typeof SwAdmin;
export const adminExtra: NoExtra<typeof SwAdmin, typeof EnAdmin> = {};
export const adminConversations: Like<typeof EnAdminConversations> = {} as typeof SwAdminConversations;
export const adminConversationsExtra: NoExtra<typeof SwAdminConversations, typeof EnAdminConversations> = {};
export const adminConversation: Like<typeof EnAdminConversation> = {} as typeof SwAdminConversation;
export const adminConversationExtra: NoExtra<typeof SwAdminConversation, typeof EnAdminConversation> = {};
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
