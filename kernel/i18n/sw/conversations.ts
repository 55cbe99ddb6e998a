/** Kiswahili of kernel/i18n/en/conversations.ts, in the words of docs/swahili-glossary.md. */

export const quickStillAvailable = 'Bado inapatikana?';
export const quickLastPrice = 'Bei yako ya mwisho ni ngapi?';
export const quickWhereMeet = 'Tukutane wapi?';

export const firstContactTip = 'Kuwa salama: kutana mahali penye watu, usilipe kabla ya kuona bidhaa. Soko haiombi kamwe PIN yako ya M-Pesa.';
export const reasonScam = 'Utapeli';
export const reasonHarassment = 'Unyanyasaji au matusi';
export const reasonSpam = 'Ujumbe taka';
export const reasonOther = 'Sababu nyingine';
export const deletedUser = 'Mtumiaji aliyefutwa';
export const emptyMessage = 'Andika ujumbe kwanza.';
/** "Ujumbe usizidishe herufi 1000." */
export const tooLongBefore = 'Ujumbe usizidishe herufi ';
export const tooLongAfter = '.';
export const ownAd = 'Hili ni tangazo lako: huwezi kujitumia ujumbe.';
export const adUnavailable = 'Tangazo hili halipatikani tena, kwa hiyo mazungumzo mapya hayawezi kuanza.';
export const conversationNotFound = 'Mazungumzo hayapatikani.';
export const messageSent = 'Ujumbe umetumwa.';
export const userBlocked = 'Umemzuia mtumiaji. Hawezi kukuandikia tena.';
export const userUnblocked = 'Umeondoa kizuizi.';
export const conversationReported = 'Asante. Wasimamizi wetu wataangalia mazungumzo haya.';
export const conversationDeleted = 'Mazungumzo yamefutwa kwenye jumbe zako.';
export const otherLeft = 'Mtu mwingine amefuta akaunti yake.';
export const warnDeposit = 'Tahadhari: ujumbe huu unaomba amana au ada mapema. Usilipe kamwe kabla ya kuona bidhaa.';
export const warnMpesaNumber = 'Tahadhari: ujumbe huu unakuomba utume pesa kwa nambari. Usilipe kamwe kabla ya kuona bidhaa, na usimpe mtu PIN yako ya M-Pesa.';
export const warnLink = 'Tahadhari: ujumbe huu una kiungo. Usiingie kwenye akaunti wala kulipa kupitia viungo vilivyotumwa kwenye jumbe.';
export const warnOtherApp = 'Tahadhari: matapeli mara nyingi huhamisha mazungumzo kwenda WhatsApp au Telegram mara moja. Endelea kuzungumza hapa hadi mkutane.';
export const warnScamPhrase = 'Tahadhari: ujumbe huu unafanana na utapeli wa kawaida. Usilipe kamwe kabla ya kuona bidhaa.';

export const stateSold = 'Imeuzwa';
export const stateExpired = 'Imeisha muda';
export const stateUnavailable = 'Haipatikani tena';
export const stateDeleted = 'Tangazo limefutwa';

export const messageSeller = 'Mtumie muuzaji ujumbe';
export const writeYourOwn = 'Au andika ujumbe wako mwenyewe';
export const sendMessage = 'Tuma ujumbe';

export const inboxHeading = 'Ujumbe';
export const inboxDescription = 'Mazungumzo yako na wanunuzi na wauzaji kwenye Soko.';
export const noMessages = 'Bado hakuna ujumbe. Tumia "Mtumie muuzaji ujumbe" kwenye tangazo kuuliza kuhusu bidhaa.';
export const browseListings = 'Angalia matangazo';
export const you = 'Wewe: ';
/** "3 haujasomwa" reads wrong for several: "mpya 3" is the header's count; here "3 mpya". */
export const unreadAfter = ' mpya';

export const unknownAction = 'Kitendo hakijulikani.';
export const conversationTitle = 'Mazungumzo';
export const allMessages = 'Jumbe zote';
export const earlierMessages = 'Jumbe za awali';
export const messagesLabel = 'Jumbe';
export const latestMessages = 'Jumbe za karibuni';
export const reply = 'Jibu';
export const send = 'Tuma';
export const blockReportDelete = 'Zuia, ripoti au futa';
/** "Umemzuia Amina W. kukuandikia." */
export const youBlockedBefore = 'Umemzuia ';
export const youBlockedAfter = ' kukuandikia.';
/** "Watu uliowazuia hawawezi kukuandikia. Amina W. hataambiwa." */
export const blockExplainBefore = 'Watu uliowazuia hawawezi kukuandikia. ';
export const blockExplainAfter = ' hataambiwa.';
export const unblock = 'Ondoa kizuizi';
export const blockBefore = 'Zuia ';
export const reportConversation = 'Ripoti mazungumzo haya';
export const chooseReason = 'Chagua sababu';
export const detailsOptional = 'Maelezo (si lazima)';
export const report = 'Ripoti';
export const deleteExplain = 'Ukifuta, mazungumzo haya yanaondoka kwenye jumbe zako tu.';
export const deleteConversation = 'Futa mazungumzo';

export const listingNotFound = 'Tangazo halipatikani.';
export const messageSellerTitle = 'Mtumie muuzaji ujumbe | Soko';
export const aboutBefore = 'Kuhusu ';
/** "Umeshaandika kuhusu tangazo hili: [fungua mazungumzo] yako." */
export const writtenBefore = 'Umeshaandika kuhusu tangazo hili: ';
export const openConversation = 'fungua mazungumzo';
export const writtenAfter = ' yako.';

export const unsubscribeTitle = 'Jiondoe | Soko';
export const stopEmailsHeading = 'Acha barua pepe kuhusu jumbe';
export const stopEmailsQuestion = 'Tuache kukutumia barua pepe ujumbe ukikaa bila kusomwa kwa dakika 10? Jumbe zako zitabaki kwenye Soko.';
export const unsubscribe = 'Jiondoe';
export const myDetailsLink = 'Maelezo yangu';
export const settingTooAfter = ' (lazima uingie) pia ina mpangilio huu.';
