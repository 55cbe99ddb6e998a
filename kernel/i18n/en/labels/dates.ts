/**
 * Short month names for "6 Jan 2026" (kernel/format.ts), as ICU's en-KE data has them ("Sept").
 * Abbreviations, half of them the same in Swahili: beside the catalogs rather than in
 * kernel/i18n/en/dates.ts, whose texts must each differ from their Swahili.
 */
export const jan = 'Jan';
export const feb = 'Feb';
export const mar = 'Mar';
export const apr = 'Apr';
export const mayShort = 'May';
export const jun = 'Jun';
export const jul = 'Jul';
export const aug = 'Aug';
export const sep = 'Sept';
export const oct = 'Oct';
export const nov = 'Nov';
export const dec = 'Dec';
