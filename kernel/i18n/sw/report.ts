/** Kiswahili of kernel/i18n/en/report.ts, in the words of docs/swahili-glossary.md. */
export const reasonScam = 'Utapeli';
export const reasonWrongCategory = 'Aina isiyo sahihi';
export const reasonUnavailable = 'Imeuzwa au haipatikani';
export const reasonDuplicate = 'Tangazo linalojirudia';
export const reasonOffensive = 'Matusi au kinyume cha sheria';
export const reasonOther = 'Sababu nyingine';

export const reportThanks = 'Asante kwa ripoti yako. Timu yetu itakagua tangazo hili.';
export const reportReason = 'Tafadhali chagua kwa nini unaripoti tangazo hili.';
export const detailsTooLongBefore = 'Tafadhali usizidishe herufi ';
export const detailsTooLongAfter = ' katika maelezo.';
export const reportOwnAd = 'Huwezi kuripoti tangazo lako mwenyewe. Unaweza kulibadilisha au kulifuta katika Matangazo yangu.';
