/**
 * Month names and the "posted"/"sent" phrases (kernel/format.ts, app/lib/dates.ts), as en-KE
 * prints them. A count's text is split around the number (`daysAgoBefore` + 3 + `daysAgoAfter`):
 * the English pieces fold back into the literal the code had, and Swahili puts the noun first.
 */
export const january = 'January';
export const february = 'February';
export const march = 'March';
export const april = 'April';
export const may = 'May';
export const june = 'June';
export const july = 'July';
export const august = 'August';
export const september = 'September';
export const october = 'October';
export const november = 'November';
export const december = 'December';

export const today = 'Today';
export const yesterday = 'Yesterday';
/** "3 days ago". */
export const daysAgoBefore = '';
export const daysAgoAfter = ' days ago';
export const oneWeekAgo = '1 week ago';
/** "2 weeks ago". */
export const weeksAgoBefore = '';
export const weeksAgoAfter = ' weeks ago';
export const justNow = 'just now';
/** "5 min ago". */
export const minutesAgoBefore = '';
export const minutesAgoAfter = ' min ago';
/** "3 h ago". */
export const hoursAgoBefore = '';
export const hoursAgoAfter = ' h ago';
