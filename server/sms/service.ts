import type { Config } from '../config.ts';
import type { FetchLike } from '../payments/provider.ts';
import { createAfricasTalkingSms, LIVE_BASE_URL, type SmsSender } from './africas-talking.ts';
import { createSmsSandbox, SANDBOX_API_KEY, SANDBOX_USERNAME, type SmsSandbox } from './sandbox.ts';

/** Where the sandbox is mounted on our own origin (server/app.ts). */
export const SMS_SANDBOX_PATH = '/sandbox/africastalking';

export type SmsService = {
  sender: SmsSender;
  /** Set when no AT_API_KEY is configured: the fake Africa's Talking served by this app. */
  sandbox: SmsSandbox | null;
};

/**
 * With AT_API_KEY: the Africa's Talking adapter against AT_BASE_URL (default the live API).
 * Without it: the same adapter against the sandbox on our own origin, over HTTP. Null when
 * SMS is off (a public site with neither), and phones then cannot be verified.
 */
export function createSmsService(config: Config, options: { fetch?: FetchLike } = {}): SmsService | null {
  const { mode, apiKey, username, senderId, baseUrl } = config.sms;
  if (mode === 'off') return null;
  if (mode === 'live') {
    return { sender: createAfricasTalkingSms({ baseUrl: baseUrl ?? LIVE_BASE_URL, username, apiKey: apiKey!, senderId, fetch: options.fetch }), sandbox: null };
  }
  return {
    sender: createAfricasTalkingSms({ baseUrl: `${config.appUrl}${SMS_SANDBOX_PATH}`, username: SANDBOX_USERNAME, apiKey: SANDBOX_API_KEY, senderId, fetch: options.fetch }),
    sandbox: createSmsSandbox(),
  };
}
