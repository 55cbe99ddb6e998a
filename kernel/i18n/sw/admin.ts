/** Kiswahili of kernel/i18n/en/admin.ts, in the words of docs/swahili-glossary.md. */

/** buyer / seller / a review's author, as the sentences below name them. */
const ROLE: Record<string, string> = { buyer: 'mnunuzi', seller: 'muuzaji', author: 'mwandishi wa maoni' };
const role = (value: string) => ROLE[value] ?? 'mshiriki';

export const title = 'Ukaguzi';
export const description = 'Matangazo yaliyoripotiwa na yanayosubiri ukaguzi, na kumbukumbu ya ukaguzi.';
export const adApproved = 'Tangazo limeidhinishwa: linaonekana kwa wote tena.';
export const adHidden = 'Tangazo limefichwa. Muuzaji wake anaona sababu yako kwenye Matangazo yangu.';
export const reviewPublished = 'Maoni yamechapishwa: yanahesabiwa kwenye alama za muuzaji.';
export const reviewHidden = 'Maoni yamefichwa: yameondolewa kwenye ukurasa wa muuzaji na kwenye alama zake.';
export const reviewRestored = 'Maoni yamerejeshwa: yanahesabiwa tena kwenye alama za muuzaji.';
export const accountBanned = (p: { n: number }) => `Akaunti imezuiwa: imetolewa kila mahali, ${p.n === 1 ? 'tangazo 1 limefichwa' : `matangazo ${p.n} yamefichwa`}.`;
export const unknownAction = 'Kitendo hakijulikani.';

export const logApprove = 'Aliidhinisha tangazo';
export const logHide = 'Alificha tangazo';
export const logBan = 'Alizuia akaunti';
export const logAutoHold = 'Tangazo limesimamishwa (kiotomatiki)';
export const logResubmit = 'Tangazo limetumwa tena';
export const logApproveReview = 'Aliidhinisha maoni';
export const logHideReview = 'Alificha maoni';
export const logRestoreReview = 'Alirejesha maoni';

export const reportedConversations = 'Mazungumzo yaliyoripotiwa';
export const queueBefore = 'Foleni (';
export const nothingToReview = 'Hakuna cha kukagua.';
export const adsToReview = 'Matangazo ya kukagua';
export const reviewsToCheck = 'Maoni ya kukagua';
export const reviewsToCheckBefore = 'Maoni ya kukagua (';
export const noReviews = 'Hakuna maoni yanayosubiri ukaguzi au yaliyoripotiwa.';
export const moderationLog = 'Kumbukumbu ya ukaguzi';
export const noActions = 'Bado hakuna vitendo.';
export const colWhen = 'Lini';
export const colWho = 'Nani';
export const colWhat = 'Nini';
export const colWhy = 'Kwa nini';
export const restore = 'Rejesha';

export const sellerBefore = ' · muuzaji ';
export const banned = ' · amezuiwa';
export const noteBefore = 'Kumbuka: ';
export const reports = (p: { n: number }) => `ripoti ${p.n}`;
export const approve = 'Idhinisha';
export const hideReason = 'Sababu ya kuficha (muuzaji anaiona)';
export const hide = 'Ficha';
export const banReason = 'Sababu ya kumzuia muuzaji';
export const banSeller = 'Zuia muuzaji';

export const reviewLabel = (p: { author: string; seller: string }) => `maoni ya ${p.author} kuhusu ${p.seller}`;
export const starsOf = ' kati ya 5 · ';
export const about = ' · kuhusu ';
export const byBefore = 'Yameandikwa na ';
export const ofSeller = ') kuhusu muuzaji ';
export const held = ' · yanasubiri ukaguzi';
export const published = ' · yamechapishwa';
export const reportedBy = (p: { by: string }) => `Yameripotiwa na ${role(p.by)}: `;
export const reject = 'Kataa';

export const conversationsDescription = 'Mazungumzo yaliyoripotiwa na jumbe zinazosubiri ukaguzi.';
export const conversationsBefore = 'Mazungumzo yaliyoripotiwa (';
export const dismissedText = 'Yameondolewa: mazungumzo yametoka kwenye foleni.';
export const conversationsToReview = 'Mazungumzo ya kukagua';
export const caseReports = (p: { n: number; reasons: string }) => `ripoti ${p.n}: ${p.reasons}`;
export const noReports = 'Hakuna ripoti';
export const caseHeld = (p: { n: number }) => ` · ${p.n === 1 ? 'ujumbe 1 unasubiri' : `jumbe ${p.n} zinasubiri`} ukaguzi`;
export const latest = 'Wa mwisho: ';

export const conversationTitle = 'Mazungumzo yaliyoripotiwa';
export const conversationDescription = 'Mazungumzo yaliyoripotiwa na jumbe zake.';
export const released = (p: { n: number }) => `${p.n === 1 ? 'Ujumbe 1 uliosimamishwa umefikishwa' : `Jumbe ${p.n} zilizosimamishwa zimefikishwa`}.`;
export const chooseSomeone = 'Chagua mtu aliye kwenye mazungumzo haya.';
export const personBanned = (p: { name: string; n: number }) => `${p.name} amezuiwa: ametolewa kila mahali, ${p.n === 1 ? 'tangazo 1 limefichwa' : `matangazo ${p.n} yamefichwa`}.`;
export const auditView = 'Alisoma';
export const auditDismiss = 'Aliondoa kwenye foleni';
export const auditRelease = 'Alifikisha jumbe zilizosimamishwa';
export const auditBan = 'Alimzuia mshiriki';
export const allReportedConversations = 'Mazungumzo yote yaliyoripotiwa';
export const theAd = 'Tangazo';
export const buyerBefore = ' · mnunuzi ';
export const whyHere = 'Kwa nini yako hapa';
export const reportBefore = 'Ripoti: ';
export const heldMessages = (p: { n: number }) => `${p.n === 1 ? 'Ujumbe 1 unasubiri' : `Jumbe ${p.n} zinasubiri`} ukaguzi (mtumaji alituma jumbe kadhaa za hatari)`;
export const messagesLabel = 'Jumbe';
export const messageHeld = ' · unasubiri ukaguzi';
export const messageWithheld = ' · haujafikishwa (amezuiwa)';
export const flaggedBefore = 'Umewekewa alama: ';
export const actions = 'Vitendo';
export const releaseText = 'Fikisha jumbe zilizosimamishwa kwa msomaji wake sasa.';
export const release = 'Fikisha jumbe zilizosimamishwa';
export const nothingToAct = 'Hakuna cha kuchukulia hatua: ondoa ripoti';
export const heldStay = '; jumbe zilizosimamishwa zinabaki bila kufikishwa';
export const dismiss = 'Ondoa';
export const banReasonFor = (p: { role: string; name: string }) => `Sababu ya kumzuia ${role(p.role)}, ${p.name}`;
export const ban = 'Zuia';
export const banLabel = (p: { role: string; name: string }) => `Zuia ${role(p.role)} ${p.name}`;
export const isBanned = (p: { role: string; name: string }) => `${role(p.role)[0]!.toUpperCase()}${role(p.role).slice(1)}, ${p.name}, amezuiwa.`;
export const auditBefore = 'Ukaguzi (wa mwisho ';
