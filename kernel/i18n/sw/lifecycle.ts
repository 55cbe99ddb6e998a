/** Kiswahili of kernel/i18n/en/lifecycle.ts, in the words of docs/swahili-glossary.md. */
export const statusActive = 'Linaonekana';
export const statusSold = 'Imeuzwa';
export const statusExpired = 'Imeisha muda';
export const statusHidden = 'Limefichwa na mkaguzi';
export const statusHeld = 'Inasubiri ukaguzi';

export const renewed = 'Tangazo lako limefanywa upya.';
export const soldBefore = 'Tangazo lako limewekwa alama ya kuuzwa. Umekosea? Chagua “Bado inapatikana” ndani ya siku ';
export const soldAfter = '.';
export const stillAvailable = 'Tangazo lako liko sokoni tena, kama lilivyokuwa.';
export const undoSoldClosedBefore = 'Tangazo linaweza kurudishwa sokoni ndani ya siku ';
export const undoSoldClosedAfter = ' tu baada ya kuliwekea alama ya kuuzwa.';
export const resubmitted = 'Asante. Tangazo lako limerudi kwa wakaguzi wetu, watalikagua hivi karibuni.';
export const notRenewable = 'Tangazo linaloonekana au lililoisha muda tu ndilo linaweza kufanywa upya.';
export const onlyActiveSold = 'Tangazo linaloonekana tu ndilo linaweza kuwekwa alama ya kuuzwa.';
export const onlySoldUndo = 'Tangazo lenye alama ya kuuzwa tu ndilo linaweza kurudishwa sokoni.';
export const onlyHiddenResubmit = 'Tangazo lililofichwa na mkaguzi tu ndilo linaweza kutumwa tena kwa ukaguzi.';
export const reasonRequired = 'Tafadhali toa sababu: muuzaji ataiona.';
export const reasonTooLongBefore = 'Tafadhali usizidishe herufi ';
export const reasonTooLongAfter = ' katika sababu.';
export const banned = 'Akaunti hii imesimamishwa. Wasiliana nasi ikiwa unafikiri ni kosa.';
export const runsUntilBefore = 'Tangazo hili linaonekana hadi ';
export const runsUntilMiddle = '. Unaweza kulifanya upya katika siku zake ';
export const runsUntilAfter = ' za mwisho.';
