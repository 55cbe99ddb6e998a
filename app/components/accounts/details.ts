import { normalisePhone } from '#kernel/phone.ts';

/** The fields of the My Details form, as text. Browser-safe: the page checks for changes before sending. */
export const DETAIL_FIELDS = ['firstName', 'lastName', 'email', 'location', 'phoneNumber'] as const;
export type Details = Record<(typeof DETAIL_FIELDS)[number], string>;

export function detailsFrom(source: Partial<Record<(typeof DETAIL_FIELDS)[number], string | null | FormDataEntryValue>>): Details {
  const out = {} as Details;
  for (const f of DETAIL_FIELDS) {
    const v = source[f];
    out[f] = typeof v === 'string' ? v : '';
  }
  return out;
}

/** Compares as the server stores them: trimmed, e-mail lower-cased, phone in E.164. */
function canonical(d: Details): Details {
  const t = (s: string) => s.trim();
  const phone = t(d.phoneNumber);
  return {
    firstName: t(d.firstName),
    lastName: t(d.lastName),
    email: t(d.email).toLowerCase(),
    location: t(d.location),
    phoneNumber: (phone && normalisePhone(phone)) || phone,
  };
}

export function sameDetails(a: Details, b: Details): boolean {
  const x = canonical(a);
  const y = canonical(b);
  return DETAIL_FIELDS.every((f) => x[f] === y[f]);
}
