/** Kiswahili of kernel/i18n/en/payments.ts, in the words of docs/swahili-glossary.md. */

export const oneWeek = 'wiki moja';

export const featureAd = 'Fanya maalum';
export const emailNotFound = 'Barua pepe yako haikupatikana. Malipo hayawezi kuanza.';
export const failedToInitiate = 'Imeshindikana kuanzisha malipo.';
export const featureYourAd = 'Fanya tangazo lako liwe maalum?';
/** "Kufanya <b>title</b> kuwa maalum kunagharimu <b>Ksh 200</b>; litaonekana kwanza, na alama ya Maalum, kwa <b>wiki moja</b>." */
export const featuringBefore = 'Kufanya ';
export const costs = ' kuwa maalum kunagharimu Ksh ';
export const kshAfter = ' tu';
export const showsFirstFor = '; litaonekana kwanza, na alama ya Maalum, kwa ';
export const featuringAfter = ' nzima.';
export const payOnProviderPage = 'Unalipa kwenye ukurasa salama wa mtoa huduma ya malipo, kwa M-Pesa au kadi.';
export const orPromptOnPhone = 'Au pata ombi la M-Pesa kwenye simu yako:';
export const payWithMpesa = 'Lipa kwa M-Pesa';
export const cancel = 'Ghairi';
export const redirecting = 'Inakupeleka...';
export const payNow = 'Lipa sasa';
export const mustBeLoggedIn = 'Lazima uingie ili kufanya tangazo liwe maalum.';
export const noRedirectUrl = 'Malipo yameanza, lakini seva haikutuma kiungo cha kwenda kulipa...';
export const redirectingToGateway = 'Tunakupeleka kwenye ukurasa wa malipo...';

export const mpesaPhoneNumber = 'Nambari ya simu ya M-Pesa';
/** "Tuma ombi la Ksh 200" */
export const sendPromptBefore = 'Tuma ombi la Ksh ';
export const kesAfter = ' kwenye simu';
export const payOnFlutterwave = 'Badala yake lipa kwa kadi au M-Pesa kupitia Flutterwave';

export const viewListing = 'Tazama tangazo';
export const manageAds = 'Matangazo yangu';
export const goHome = 'Nenda mwanzo';

export const mpesaStartTitle = 'Lipa kwa M-Pesa | Soko';
/** "... kwa wiki moja. Tunatuma ombi kwenye simu yako kutoka Soko Ltd; unaweka PIN yako ya M-Pesa hapo." */
export const forWord = ' kwa ';
export const promptBefore = '. Tunatuma ombi kwenye simu yako';
export const fromBefore = ' kutoka ';
export const promptAfter = '; unaweka PIN yako ya M-Pesa hapo.';
export const mpesaUnavailable = 'Malipo ya M-Pesa hayapatikani kwa sasa. Tafadhali lipa kupitia Flutterwave.';
export const backToManageAds = 'Rudi kwa Matangazo yangu';

export const paymentNotFound = 'Malipo hayapatikani.';
export const notCompletedHeading = 'Malipo ya M-Pesa hayakukamilika';
export const notCompletedMessage = 'Malipo hayakukamilika.';
/** "Lipa <b>KES 1,000</b> kwa <b>Soko Ltd</b>" */
export const payBefore = 'Lipa ';
export const toWord = ' kwa ';
export const sentPromptBefore = 'Tumetuma ombi kwa ';
export const sentPromptAfter = '. Fungua simu yako na uweke PIN yako ndani ya dakika moja. Ukurasa huu unafuatilia malipo wenyewe.';
export const sandboxNote = 'Majaribio \u2014 hakuna simu itakayolia. ';
export const openSimulatedPhone = 'Fungua simu ya majaribio';
export const checkAgain = 'Angalia tena';
export const notFeaturedTryAgain = 'Tangazo lako halijafanywa maalum. Jaribu tena:';
export const tryAgain = 'Jaribu tena';

export const pendingTitle = 'Tunathibitisha malipo yako | Soko';
export const pendingHeading = 'Tunathibitisha malipo yako';
export const pendingText = 'Kwa kawaida huchukua sekunde chache, lakini M-Pesa inaweza kuchukua dakika kadhaa. Ukurasa huu unajisasisha wenyewe; unaweza pia kuuacha; tangazo lako litakuwa maalum mara malipo yakithibitishwa.';
export const transactionReferenceBefore = 'Nambari ya muamala: ';

export const successTitle = 'Malipo yamefaulu! | Soko';
export const successHeading = 'Malipo yamefaulu!';
export const successText = 'Asante. Tumepokea malipo yako na sasa tangazo lako ni maalum.';
export const listingId = 'Nambari ya tangazo';
export const transactionReference = 'Nambari ya muamala';
export const notAvailable = 'Haipo';
/** "Tangazo lako litaonekana zaidi kwa <b>wiki 1</b>." */
export const visibilityBefore = 'Tangazo lako litaonekana zaidi kwa ';
export const visibilityWeek = 'wiki 1';
export const visibilityAfter = ' nzima.';

export const failureTitle = 'Malipo hayakufaulu | Soko';
export const failureHeading = 'Malipo hayakufaulu';
export const failureText = 'Tangazo lako halijafanywa maalum. Ikiwa pesa zimetoka kwenye akaunti yako, tafadhali wasiliana nasi.';
export const reason = 'Sababu';
export const status = 'Hali';

/** "Ksh 200 tu": the sentence writes "Ksh" before the fee. */
export const kesUnitAfter = ' tu';
export const kesBefore = 'Ksh ';
