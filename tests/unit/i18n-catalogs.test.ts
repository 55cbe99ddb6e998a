import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Swahili catalogs are translations (docs/decisions/swahili-i18n.md, completeness (3)): each
 * English message has a Swahili one that differs from it, and no text is empty, a TODO or a
 * placeholder left in braces. The type check (kernel/i18n/check.ts) and the Swahili build
 * (a named import the sw module lacks) catch missing messages; this catches untranslated ones.
 */
const root = path.resolve(import.meta.dirname, '../..');
const AREAS = fs.readdirSync(path.join(root, 'kernel/i18n/en')).filter((f) => f.endsWith('.ts'));

/** Texts that read the same in both languages: names and symbols, matched whole after trimming. */
const SAME_IN_BOTH = new Set(['Ksh', 'M-Pesa', 'PIN', 'RAM', 'SMS', 'WhatsApp', 'Soko', 'Flutterwave', '©']);

type Catalog = Record<string, unknown>;

/** The value every function message is called with. */
const MARKER = 7;

/** A message's text: a constant as it is, a function called with a number for every value it takes. */
function text(message: unknown): string {
  if (typeof message === 'string') return message;
  if (typeof message === 'function') return String(message(new Proxy({}, { get: () => MARKER })));
  throw new Error(`a message is a string or a function, not ${typeof message}`);
}

describe.each(AREAS)('kernel/i18n/sw/%s', (area) => {
  const load = async (locale: string) => (await import(path.join(root, 'kernel/i18n', locale, area))) as Catalog;

  it('has every English message and no other', async () => {
    const [en, sw] = await Promise.all([load('en'), load('sw')]);
    expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
  });

  it('translates each one: not the English text, not empty, no TODO or braces', async () => {
    const [en, sw] = await Promise.all([load('en'), load('sw')]);
    const problems = Object.keys(en).flatMap((key) => {
      const [english, swahili] = [text(en[key]), text(sw[key])];
      if (!swahili.trim()) return [`${key}: empty`];
      if (/TODO|[{}]/.test(swahili)) return [`${key}: ${JSON.stringify(swahili)}`];
      // A message that is only the value it was given (a text the server already wrote in the page's language) has no words of its own.
      if (swahili === english && !SAME_IN_BOTH.has(swahili.trim()) && english !== String(MARKER)) return [`${key}: same as English ${JSON.stringify(english)}`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});
