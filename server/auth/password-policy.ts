import { createRequire } from 'node:module';
import { english } from '../i18n.ts';

/**
 * Passwords people are refused (OWASP ASVS 5.0, 6.2): the most common passwords of at least
 * eight characters (Mozilla's list for Firefox Accounts, 50,000 entries from the SecLists top
 * million, maintained on npm as fxa-common-password-list), and passwords built from the
 * person's own name or e-mail address, the first things an attacker tries.
 */
const require = createRequire(import.meta.url);

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  // The package keeps its list incrementally encoded; decoded once, then a Set for O(1) look-ups.
  if (!common) {
    const { Decoder } = require('incremental-encoder').default as { Decoder: new () => { decode(lines: string[]): string[] } };
    const encoded = require('fxa-common-password-list/src/encoded-passwords') as string;
    common = new Set(new Decoder().decode(encoded.split('\n')).map((p) => p.toLowerCase()));
  }
  return common;
}

export const COMMON_PASSWORD = english.errors.commonPassword;
export const PERSONAL_PASSWORD = english.errors.personalPassword;

/** Why this password is refused for this person, or null when it is acceptable. */
export function passwordProblem(password: string, person: { email: string; firstName?: string | null; lastName?: string | null }): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return COMMON_PASSWORD;
  const localPart = person.email.split('@')[0] ?? '';
  // Very short names ("Al", "Wu") would refuse too much; three letters and up are a real part.
  const personal = [localPart, person.firstName ?? '', person.lastName ?? ''].map((s) => s.trim().toLowerCase()).filter((s) => s.length >= 3);
  if (personal.some((part) => lower.includes(part))) return PERSONAL_PASSWORD;
  return null;
}
