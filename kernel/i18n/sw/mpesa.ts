/** Kiswahili of kernel/i18n/en/mpesa.ts, in the words of docs/swahili-glossary.md. */
export const waitingHeading = 'Angalia simu yako na uweke PIN yako ya M-Pesa';
export const pushUnanswered =
  'M-Pesa haikujibu ombi letu. Ikiwa ombi lilifika kwenye simu yako na ukalipa, tangazo lako litakuwa maalum mara M-Pesa ikithibitisha; la sivyo jaribu tena.';
export const paid = 'Imelipwa.';
export const balance = 'Salio lako la M-Pesa halitoshi kwa Ksh 200. Ongeza pesa kwenye M-Pesa kisha ujaribu tena.';
export const cancelled = 'Umekataa ombi la M-Pesa. Hakuna kilicholipwa. Jaribu tena ukiwa tayari.';
export const unreachable = 'Hatukuweza kufikia simu yako. Hakikisha imewashwa, haijafungwa na ina mtandao, kisha ujaribu tena.';
export const timedOut = 'Muda wa ombi la M-Pesa uliisha kabla ya kuweka PIN. Jaribu tena na uweke PIN yako ndani ya dakika moja.';
export const wrongPin = 'PIN ya M-Pesa haikuwa sahihi. Hakuna kilicholipwa. Jaribu tena na uweke PIN yako ya M-Pesa kwa uangalifu.';
export const expired = 'Ombi la M-Pesa liliisha muda kabla ya kujibiwa. Jaribu tena.';
export const phoneBusy = 'Simu yako inashughulikia malipo mengine ya M-Pesa. Subiri dakika moja, kisha ujaribu tena.';
export const busy = 'M-Pesa ina shughuli nyingi sasa hivi. Subiri dakika moja, kisha ujaribu tena.';
export const notSent = 'M-Pesa haikuweza kutuma ombi kwenye simu yako. Jaribu tena.';
/** "M-Pesa haikukamilisha malipo (nambari 1234). Jaribu tena, ..." */
export const otherBefore = 'M-Pesa haikukamilisha malipo (nambari ';
export const otherAfter = '). Jaribu tena, au lipa kwa kadi au M-Pesa kupitia Flutterwave.';
