/** How buyers reach a seller, and the e-mails about messages (issue 43): texts the pages and the server share. */

export const CONTACT_TEXTS = {
  heading: 'How buyers reach you',
  showPhone: 'Show my phone number: buyers can call, WhatsApp or message me',
  messagesOnly: 'Messages only: buyers never see my number and write to me on Soko',
  messageEmails: 'E-mail me when a message waits unread for 10 minutes (at most one e-mail an hour per conversation)',
  saved: 'Your contact settings were saved.',
  /** On the ad page, where the phone buttons would be. */
  adMessagesOnly: 'This seller takes messages only. Write to them here on Soko.',
  ownAdMessagesOnly: 'Buyers reach you by messages only: your number is not shown. Change it in My details.',
  /** A stale page (or a client) asking for the number of a seller who takes messages only. */
  noPhoneMessagesOnly: 'This seller takes messages only. Use Message seller.',
  unsubscribed: 'You will no longer get e-mails about unread messages. Turn them on again in My details.',
  badLink: 'This unsubscribe link is not valid. Turn message e-mails off in My details instead.',
} as const;
