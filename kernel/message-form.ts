/*
 * What the ad page's Message seller form needs, apart from the other message rules
 * (message-rules.ts), so that the ad page's scripts carry only these two.
 */
import { quickLastPrice, quickStillAvailable, quickWhereMeet } from '#messages/conversations.ts';

export const MAX_MESSAGE_LENGTH = 1000;

/** The ad page's one-tap first messages. Many buyers send these to many sellers, so they never count as spam. */
export const QUICK_REPLIES = [quickStillAvailable, quickLastPrice, quickWhereMeet] as const;
