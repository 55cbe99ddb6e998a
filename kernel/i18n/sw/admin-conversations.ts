/** Kiswahili of kernel/i18n/en/admin-conversations.ts, in the words of docs/swahili-glossary.md. */

export const adsToReview = 'Matangazo ya kukagua';
export const caseHeld = (p: { n: number }) => ` · ${p.n === 1 ? 'ujumbe 1 unasubiri' : `jumbe ${p.n} zinasubiri`} ukaguzi`;
export const caseReports = (p: { n: number; reasons: string }) => `ripoti ${p.n}: ${p.reasons}`;
export const conversationsBefore = 'Mazungumzo yaliyoripotiwa (';
export const conversationsDescription = 'Mazungumzo yaliyoripotiwa na jumbe zinazosubiri ukaguzi.';
export const conversationsToReview = 'Mazungumzo ya kukagua';
export const dismissedText = 'Yameondolewa: mazungumzo yametoka kwenye foleni.';
export const latest = 'Wa mwisho: ';
export const noReports = 'Hakuna ripoti';
export const nothingToReview = 'Hakuna cha kukagua.';
export const reportedConversations = 'Mazungumzo yaliyoripotiwa';
