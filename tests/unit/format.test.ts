import { describe, expect, it } from 'vitest';
import { groupDigits, nairobiDate, nairobiMonth } from '#kernel/format.ts';

// kernel/format.ts prints what Intl's en-KE formatters printed before, without loading the
// browser's locale data; Node's Intl is the reference here.
const intlNumber = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const intlDate = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' });
const intlMonth = new Intl.DateTimeFormat('en-KE', { month: 'long', year: 'numeric', timeZone: 'Africa/Nairobi' });

describe('format without Intl', () => {
  it('groups digits as en-KE does, rounding to whole numbers', () => {
    const values = [0, 1, 12, 999, 1000, 1500.4, 1500.5, 99_999, 100_000, 1_250_000, 123_456_789, 100_000_000_000, -1234, -1234.5];
    for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const n of values) expect(groupDigits(n), String(n)).toBe(intlNumber.format(n));
  });

  it('prints the day and the month in Nairobi, across midnight and every month', () => {
    const times: number[] = [];
    // Every month of two years, at UTC times either side of Nairobi's midnight (21:00 UTC).
    for (let m = 0; m < 24; m++) for (const h of [0, 20, 21, 23]) times.push(Date.UTC(2025, m, 28, h, 59, 59));
    times.push(Date.UTC(2024, 1, 29, 21, 0, 0), Date.UTC(2026, 11, 31, 21, 0, 0), Date.UTC(2026, 11, 31, 20, 59, 59, 999));
    for (const t of times) {
      expect(nairobiDate(t), new Date(t).toISOString()).toBe(intlDate.format(t));
      expect(nairobiDate(new Date(t).toISOString())).toBe(intlDate.format(t));
      expect(nairobiMonth(new Date(t)), new Date(t).toISOString()).toBe(intlMonth.format(t));
    }
  });
});
