/** Kiswahili of kernel/i18n/en/admin-conversation.ts, in the words of docs/swahili-glossary.md. */

/** buyer / seller / a review's author, as the sentences below name them. */
const ROLE: Record<string, string> = { buyer: 'mnunuzi', seller: 'muuzaji', author: 'mwandishi wa maoni' };
const role = (value: string) => ROLE[value] ?? 'mshiriki';

export const actions = 'Vitendo';
export const allReportedConversations = 'Mazungumzo yote yaliyoripotiwa';
export const auditBan = 'Alimzuia mshiriki';
export const auditBefore = 'Ukaguzi (wa mwisho ';
export const auditDismiss = 'Aliondoa kwenye foleni';
export const auditRelease = 'Alifikisha jumbe zilizosimamishwa';
export const auditView = 'Alisoma';
export const ban = 'Zuia';
export const banLabel = (p: { role: string; name: string }) => `Zuia ${role(p.role)} ${p.name}`;
export const banReasonFor = (p: { role: string; name: string }) => `Sababu ya kumzuia ${role(p.role)}, ${p.name}`;
export const buyerBefore = ' · mnunuzi ';
export const chooseSomeone = 'Chagua mtu aliye kwenye mazungumzo haya.';
export const conversationDescription = 'Mazungumzo yaliyoripotiwa na jumbe zake.';
export const conversationTitle = 'Mazungumzo yaliyoripotiwa';
export const dismiss = 'Ondoa';
export const flaggedBefore = 'Umewekewa alama: ';
export const heldMessages = (p: { n: number }) => `${p.n === 1 ? 'Ujumbe 1 unasubiri' : `Jumbe ${p.n} zinasubiri`} ukaguzi (mtumaji alituma jumbe kadhaa za hatari)`;
export const heldStay = '; jumbe zilizosimamishwa zinabaki bila kufikishwa';
export const isBanned = (p: { role: string; name: string }) => `${role(p.role)[0]!.toUpperCase()}${role(p.role).slice(1)}, ${p.name}, amezuiwa.`;
export const messageHeld = ' · unasubiri ukaguzi';
export const messageWithheld = ' · haujafikishwa (amezuiwa)';
export const messagesLabel = 'Jumbe';
export const nothingToAct = 'Hakuna cha kuchukulia hatua: ondoa ripoti';
export const personBanned = (p: { name: string; n: number }) => `${p.name} amezuiwa: ametolewa kila mahali, ${p.n === 1 ? 'tangazo 1 limefichwa' : `matangazo ${p.n} yamefichwa`}.`;
export const release = 'Fikisha jumbe zilizosimamishwa';
export const releaseText = 'Fikisha jumbe zilizosimamishwa kwa msomaji wake sasa.';
export const released = (p: { n: number }) => `${p.n === 1 ? 'Ujumbe 1 uliosimamishwa umefikishwa' : `Jumbe ${p.n} zilizosimamishwa zimefikishwa`}.`;
export const reportBefore = 'Ripoti: ';
export const sellerBefore = ' · muuzaji ';
export const theAd = 'Tangazo';
export const unknownAction = 'Kitendo hakijulikani.';
export const whyHere = 'Kwa nini yako hapa';
