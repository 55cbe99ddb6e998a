import { CONVERSATION_REPORT_REASONS } from '#kernel/message-rules.ts';
import { nairobiDate } from '#kernel/format.ts';

/** A conversation report's reason as moderators read it. */
export const reasonLabel = (value: string) => CONVERSATION_REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/** "6 Jan 2026, 14:05" in Nairobi (UTC+3 all year): moderators need the minute, not "2 hours ago". */
export function nairobiMinute(at: string): string {
  const d = new Date(Date.parse(at) + 3 * 60 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${nairobiDate(at)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
