/** How buyers reach a seller, and the e-mails about messages (issue 43): texts the pages and the server share. */
import {
  adMessagesOnly,
  badUnsubscribeLink,
  contactHeading,
  contactMessageEmails,
  contactMessagesOnly,
  contactSaved,
  contactShowPhone,
  noPhoneMessagesOnly,
  ownAdMessagesOnly,
  unsubscribed,
} from '#messages/ad.ts';

export const CONTACT_TEXTS = {
  heading: contactHeading,
  showPhone: contactShowPhone,
  messagesOnly: contactMessagesOnly,
  messageEmails: contactMessageEmails,
  saved: contactSaved,
  /** On the ad page, where the phone buttons would be. */
  adMessagesOnly,
  ownAdMessagesOnly,
  /** A stale page (or a client) asking for the number of a seller who takes messages only. */
  noPhoneMessagesOnly,
  unsubscribed,
  badLink: badUnsubscribeLink,
} as const;
