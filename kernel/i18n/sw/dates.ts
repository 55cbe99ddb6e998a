/** Kiswahili of kernel/i18n/en/dates.ts (docs/swahili-glossary.md, Dates and times; ICU's sw short months). */
export const january = 'Januari';
export const february = 'Februari';
export const march = 'Machi';
export const april = 'Aprili';
export const may = 'Mei';
export const june = 'Juni';
export const july = 'Julai';
export const august = 'Agosti';
export const september = 'Septemba';
export const october = 'Oktoba';
export const november = 'Novemba';
export const december = 'Desemba';

export const today = 'Leo';
export const yesterday = 'Jana';
/** "siku 3 zilizopita". */
export const daysAgoBefore = 'siku ';
export const daysAgoAfter = ' zilizopita';
export const oneWeekAgo = 'wiki 1 iliyopita';
/** "wiki 2 zilizopita". */
export const weeksAgoBefore = 'wiki ';
export const weeksAgoAfter = ' zilizopita';
export const justNow = 'sasa hivi';
/** "dakika 5 zilizopita". */
export const minutesAgoBefore = 'dakika ';
export const minutesAgoAfter = ' zilizopita';
/** "saa 3 zilizopita": with zilizopita it is a duration, not a clock time. */
export const hoursAgoBefore = 'saa ';
export const hoursAgoAfter = ' zilizopita';
