import { normalisePhone } from '#kernel/phone.ts';

/** Daraja's MSISDN form, 2547XXXXXXXX or 2541XXXXXXXX, of any way a Kenyan number is typed; null otherwise. */
export function darajaMsisdn(input: string): string | null {
  const e164 = normalisePhone(input);
  return e164 ? e164.slice(1) : null;
}
