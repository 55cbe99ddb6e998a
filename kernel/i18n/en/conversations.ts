/**
 * The messages pages' texts (inbox, thread, Message seller, the e-mail unsubscribe page) and
 * kernel/message-rules.ts and kernel/message-form.ts messages. English: the specification's
 * words. Imported as `#messages/conversations.ts`, named imports only
 * (docs/decisions/swahili-i18n.md).
 */

// kernel/message-form.ts: the ad page's one-tap first messages
export const quickStillAvailable = 'Is this still available?';
export const quickLastPrice = "What's your last price?";
export const quickWhereMeet = 'Where can we meet?';

// kernel/message-rules.ts
export const firstContactTip = 'Stay safe: meet in a public place, never pay before seeing the item. Soko never asks for M-Pesa PINs.';
export const reasonScam = 'Scam or fraud';
export const reasonHarassment = 'Harassment or abuse';
export const reasonSpam = 'Spam';
export const reasonOther = 'Something else';
export const deletedUser = 'Deleted user';
export const emptyMessage = 'Write a message first.';
/** "A message can be at most 1000 characters.": before and after the number. */
export const tooLongBefore = 'A message can be at most ';
export const tooLongAfter = ' characters.';
export const ownAd = 'This is your own ad: you cannot message yourself.';
export const adUnavailable = 'This ad is no longer available, so a new conversation cannot start.';
export const conversationNotFound = 'Conversation not found.';
export const messageSent = 'Message sent.';
export const userBlocked = 'User blocked. They can no longer write to you.';
export const userUnblocked = 'User unblocked.';
export const conversationReported = 'Thank you. Our moderators will look at this conversation.';
export const conversationDeleted = 'Conversation deleted from your inbox.';
export const otherLeft = 'The other person has deleted their account.';
export const warnDeposit = 'Careful: this message asks for a deposit or a fee in advance. Never pay before seeing the item.';
export const warnMpesaNumber = 'Careful: this message asks you to send money to a number. Never pay before seeing the item, and never share your M-Pesa PIN.';
export const warnLink = 'Careful: this message contains a link. Do not log in or pay through links sent in messages.';
export const warnOtherApp = 'Careful: scammers often move the chat to WhatsApp or Telegram at once. Keep talking here until you have met.';
export const warnScamPhrase = 'Careful: this message reads like a common scam. Never pay before seeing the item.';

// AdSummary: an ad's state
export const stateSold = 'Sold';
export const stateExpired = 'Expired';
export const stateUnavailable = 'No longer available';
export const stateDeleted = 'Ad deleted';

// MessageSellerForm
export const messageSeller = 'Message seller';
export const writeYourOwn = 'Or write your own message';
export const sendMessage = 'Send message';

// Inbox
export const inboxHeading = 'Messages';
export const inboxDescription = 'Your conversations with buyers and sellers on Soko.';
export const noMessages = 'No messages yet. Use Message seller on an ad to ask about it.';
export const browseListings = 'Browse listings';
/** Before the last message when the user wrote it. */
export const you = 'You: ';
/** "3 unread": after the count. */
export const unreadAfter = ' unread';

// Thread
export const unknownAction = 'Unknown action.';
export const conversationTitle = 'Conversation';
export const allMessages = 'All messages';
export const earlierMessages = 'Earlier messages';
export const messagesLabel = 'Messages';
export const latestMessages = 'Latest messages';
export const reply = 'Reply';
export const send = 'Send';
export const blockReportDelete = 'Block, report or delete';
/** "You have blocked Amina W.": before and after the name. */
export const youBlockedBefore = 'You have blocked ';
export const youBlockedAfter = '.';
/** "Blocked people cannot write to you. Amina W. is not told.": before and after the name. */
export const blockExplainBefore = 'Blocked people cannot write to you. ';
export const blockExplainAfter = ' is not told.';
export const unblock = 'Unblock';
/** "Block Amina W.": before the name. */
export const blockBefore = 'Block ';
export const reportConversation = 'Report this conversation';
export const chooseReason = 'Choose a reason';
export const detailsOptional = 'Details (optional)';
export const report = 'Report';
export const deleteExplain = 'Deleting removes this conversation from your inbox only.';
export const deleteConversation = 'Delete conversation';

// New message
export const listingNotFound = 'Listing not found.';
export const messageSellerTitle = 'Message seller | Soko';
/** "About [ad title]": before the link. */
export const aboutBefore = 'About ';
/** "You have written about this ad before: [open the conversation].": the parts around the link. */
export const writtenBefore = 'You have written about this ad before: ';
export const openConversation = 'open the conversation';
export const writtenAfter = '.';

// Unsubscribe from message e-mails
export const unsubscribeTitle = 'Unsubscribe | Soko';
export const stopEmailsHeading = 'Stop e-mails about messages';
export const stopEmailsQuestion = 'Stop the e-mails we send when a message waits unread for 10 minutes? Your messages stay in your inbox on Soko.';
export const unsubscribe = 'Unsubscribe';
export const myDetailsLink = 'My details';
/** "[My details] (sign-in needed) has this setting too.": after the link. */
export const settingTooAfter = ' (sign-in needed) has this setting too.';
