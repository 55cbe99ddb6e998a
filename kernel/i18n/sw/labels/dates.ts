/** ICU's sw short month names (docs/swahili-glossary.md, Dates): see kernel/i18n/en/labels/dates.ts. */
export const jan = 'Jan';
export const feb = 'Feb';
export const mar = 'Mac';
export const apr = 'Apr';
export const mayShort = 'Mei';
export const jun = 'Jun';
export const jul = 'Jul';
export const aug = 'Ago';
export const sep = 'Sep';
export const oct = 'Okt';
export const nov = 'Nov';
export const dec = 'Des';
