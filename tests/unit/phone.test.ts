import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, whatsAppNumber, whatsAppUrl } from '#kernel/phone.ts';

describe('normalisePhone', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0112345678', '+254112345678'],
    ['254712345678', '+254712345678'],
    ['+254712345678', '+254712345678'],
    ['+254112345678', '+254112345678'],
    ['00254712345678', '+254712345678'],
    ['712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    [' +254 (712) 345-678 ', '+254712345678'],
    ['0712.345.678', '+254712345678'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    '',
    '12345',
    '0812345678', // not a mobile range
    '071234567', // one digit short
    '07123456789', // one digit long
    '+255712345678', // Tanzania
    '+2540712345678',
    '07123abc78',
    '+1 415 555 0100',
  ])('rejects %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe('WhatsApp helpers', () => {
  it('gives digits without the plus and a wa.me link with an encoded message', () => {
    expect(whatsAppNumber('0712 345 678')).toBe('254712345678');
    expect(whatsAppUrl('0712345678', 'Hi, is "Toyota Axio" & co available?')).toBe(
      'https://wa.me/254712345678?text=Hi%2C%20is%20%22Toyota%20Axio%22%20%26%20co%20available%3F',
    );
  });

  it('gives null for missing or foreign numbers', () => {
    expect(whatsAppNumber(null)).toBeNull();
    expect(whatsAppNumber(undefined)).toBeNull();
    expect(whatsAppUrl('+1 415 555 0100', 'Hi')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('groups Kenyan numbers and leaves anything else as given', () => {
    expect(formatPhone('0712345678')).toBe('+254 712 345 678');
    expect(formatPhone('n/a')).toBe('n/a');
  });
});
