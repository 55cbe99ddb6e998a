/**
 * Daraja's Timestamp (YYYYMMDDHHmmss) is read as Nairobi time: a server in another zone that
 * sends its own local time is refused with "Invalid Timestamp" (reference 2.2). Kenya keeps
 * UTC+3 all year, but the zone is named rather than assumed so the rule reads as Safaricom's.
 */
const NAIROBI = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function darajaTimestamp(at: Date): string {
  const part = Object.fromEntries(NAIROBI.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}${part.month}${part.day}${part.hour}${part.minute}${part.second}`;
}

/** The instant a Daraja timestamp names (Nairobi is UTC+3), or null when it is not one. */
export function parseDarajaTimestamp(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
  return Number.isNaN(at.getTime()) || darajaTimestamp(at) !== value ? null : at;
}

/** Password = base64(BusinessShortCode + Passkey + Timestamp), for the push and the query alike. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}
