import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Dates in both languages (issue 45, plan step 6): kernel/format.ts and app/lib/dates.ts take
 * their month names and phrases from #messages/dates.ts, which the Swahili build resolves to
 * kernel/i18n/sw/dates.ts. Here the same modules are loaded twice, the second time with the
 * Swahili catalog in place of the English one, as the Swahili build has it.
 */
async function formatters(locale: 'en' | 'sw') {
  vi.resetModules();
  if (locale === 'sw') {
    vi.doMock('#messages/dates.ts', () => import('../../kernel/i18n/sw/dates.ts'));
    vi.doMock('#messages/labels/dates.ts', () => import('../../kernel/i18n/sw/labels/dates.ts'));
  }
  const [{ postedAgo, sentAgo }, { nairobiDate, nairobiMonth }] = await Promise.all([import('../../app/lib/dates.ts'), import('../../kernel/format.ts')]);
  return { postedAgo, sentAgo, nairobiDate, nairobiMonth };
}

afterEach(() => {
  vi.doUnmock('#messages/dates.ts');
  vi.doUnmock('#messages/labels/dates.ts');
  vi.resetModules();
});

// Saturday 28 November 2026, 12:00 in Nairobi (UTC+3).
const NOW = Date.UTC(2026, 10, 28, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const CASES = {
  en: {
    posted: [
      [ago(2 * 60 * 60 * 1000), 'Today'],
      [ago(DAY), 'Yesterday'],
      [ago(3 * DAY), '3 days ago'],
      [ago(7 * DAY), '1 week ago'],
      [ago(15 * DAY), '2 weeks ago'],
      [ago(40 * DAY), '19 Oct 2026'],
    ],
    sent: [
      [ago(20_000), 'just now'],
      [ago(5 * 60_000), '5 min ago'],
      [ago(3 * 60 * 60_000), '3 h ago'],
      [ago(2 * DAY), '2 days ago'],
    ],
    date: [
      [Date.UTC(2026, 10, 28, 9), '28 Nov 2026'],
      [Date.UTC(2026, 8, 6, 9), '6 Sept 2026'],
      [Date.UTC(2026, 0, 6, 9), '6 Jan 2026'],
    ],
    month: [
      [Date.UTC(2026, 10, 28, 9), 'November 2026'],
      [Date.UTC(2025, 0, 15, 9), 'January 2025'],
    ],
  },
  sw: {
    posted: [
      [ago(2 * 60 * 60 * 1000), 'Leo'],
      [ago(DAY), 'Jana'],
      [ago(3 * DAY), 'siku 3 zilizopita'],
      [ago(7 * DAY), 'wiki 1 iliyopita'],
      [ago(15 * DAY), 'wiki 2 zilizopita'],
      [ago(40 * DAY), '19 Okt 2026'],
    ],
    sent: [
      [ago(20_000), 'sasa hivi'],
      [ago(5 * 60_000), 'dakika 5 zilizopita'],
      [ago(3 * 60 * 60_000), 'saa 3 zilizopita'],
      [ago(2 * DAY), 'siku 2 zilizopita'],
    ],
    date: [
      [Date.UTC(2026, 10, 28, 9), '28 Nov 2026'],
      [Date.UTC(2026, 8, 6, 9), '6 Sep 2026'],
      [Date.UTC(2026, 2, 6, 9), '6 Mac 2026'],
    ],
    month: [
      [Date.UTC(2026, 10, 28, 9), 'Novemba 2026'],
      [Date.UTC(2025, 0, 15, 9), 'Januari 2025'],
    ],
  },
} as const;

describe.each(['en', 'sw'] as const)('dates in %s', (locale) => {
  const cases = CASES[locale];

  it('says when an ad was posted, in Nairobi calendar days, then its date', async () => {
    const { postedAgo } = await formatters(locale);
    expect(cases.posted.map(([iso]) => postedAgo(iso, NOW))).toEqual(cases.posted.map(([, text]) => text));
  });

  it('says when a message was sent, in minutes and hours, then as postedAgo', async () => {
    const { sentAgo } = await formatters(locale);
    expect(cases.sent.map(([iso]) => sentAgo(iso, NOW))).toEqual(cases.sent.map(([, text]) => text));
  });

  it("prints a day and a month with the language's month names", async () => {
    const { nairobiDate, nairobiMonth } = await formatters(locale);
    expect(cases.date.map(([at]) => nairobiDate(at))).toEqual(cases.date.map(([, text]) => text));
    expect(cases.month.map(([at]) => nairobiMonth(at))).toEqual(cases.month.map(([, text]) => text));
  });
});

it("Swahili has its own twelve month names and twelve short ones (ICU's sw)", async () => {
  const { nairobiDate, nairobiMonth } = await formatters('sw');
  expect(Array.from({ length: 12 }, (_, m) => nairobiDate(Date.UTC(2026, m, 15)).replace(/^15 | 2026$/g, ''))).toEqual([
    'Jan',
    'Feb',
    'Mac',
    'Apr',
    'Mei',
    'Jun',
    'Jul',
    'Ago',
    'Sep',
    'Okt',
    'Nov',
    'Des',
  ]);
  expect(Array.from({ length: 12 }, (_, m) => nairobiMonth(Date.UTC(2026, m, 15)).replace(' 2026', ''))).toEqual([
    'Januari',
    'Februari',
    'Machi',
    'Aprili',
    'Mei',
    'Juni',
    'Julai',
    'Agosti',
    'Septemba',
    'Oktoba',
    'Novemba',
    'Desemba',
  ]);
});
