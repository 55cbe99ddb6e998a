/** The placeholder text of /messages until in-app messaging exists. */
export const MESSAGES_PLACEHOLDER = {
  heading: 'Messages',
  text: 'Your conversations with buyers and sellers will appear here. In-app messaging is coming soon.',
  hint: 'For now, contact a seller with the Show phone number or WhatsApp button on their ad.',
};
