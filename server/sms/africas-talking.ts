import type { FetchLike } from '../payments/provider.ts';

/**
 * Africa's Talking's SMS API (reference/sms-providers.md): one form-encoded POST to
 * <base>/version1/messaging, answered 201 with a status per recipient. The same adapter talks
 * to the real gateway and to our sandbox (server/sms/sandbox.ts), so the sandbox exercises it.
 */

export const LIVE_BASE_URL = 'https://api.africastalking.com';

/** What became of one message: accepted, refused for good (a bad number, an opt-out), or worth another try later. */
export type SmsResult = { ok: true; messageId: string } | { ok: false; permanent: boolean; reason: string };

export type SmsSender = { send(to: string, message: string): Promise<SmsResult> };

export type AfricasTalkingOptions = { baseUrl: string; username: string; apiKey: string; senderId?: string; fetch?: FetchLike; timeoutMs?: number };

/** 100 Processed, 101 Sent, 102 Queued. */
const ACCEPTED = new Set([100, 101, 102]);
/** RiskHold, InvalidSenderId, InvalidPhoneNumber, UnsupportedNumberType, UserInBlacklist: another try gives the same answer. */
const PERMANENT = new Set([401, 402, 403, 404, 406]);

type Recipient = { statusCode?: number; status?: string; number?: string; messageId?: string };

export function createAfricasTalkingSms(options: AfricasTalkingOptions): SmsSender {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.baseUrl.replace(/\/+$/, '')}/version1/messaging`;
  return {
    async send(to, message) {
      const body = new URLSearchParams({ username: options.username, to, message, bulkSMSMode: '1' });
      if (options.senderId) body.set('from', options.senderId);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { apiKey: options.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        return { ok: false, permanent: false, reason: `gateway unreachable: ${error instanceof Error ? error.message : String(error)}` };
      }
      // Success is 201 Created; anything else (401 bad key, 5xx) failed, whatever the body says.
      const text = await res.text().catch(() => '');
      if (res.status !== 201) return { ok: false, permanent: res.status >= 400 && res.status < 500, reason: `gateway answered ${res.status}` };
      let recipient: Recipient | undefined;
      try {
        recipient = (JSON.parse(text) as { SMSMessageData?: { Recipients?: Recipient[] } }).SMSMessageData?.Recipients?.[0];
      } catch {
        return { ok: false, permanent: false, reason: 'gateway answered 201 without JSON' };
      }
      // Decided per recipient, never from the HTTP status alone.
      const code = Number(recipient?.statusCode);
      if (recipient && ACCEPTED.has(code) && recipient.messageId) return { ok: true, messageId: recipient.messageId };
      return { ok: false, permanent: PERMANENT.has(code), reason: `recipient status ${recipient?.statusCode ?? 'missing'} ${recipient?.status ?? ''}`.trim() };
    },
  };
}
