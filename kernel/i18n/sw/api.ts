/** Kiswahili of kernel/i18n/en/api.ts, in the words of docs/swahili-glossary.md. */

export const loggedIn = 'Umeingia.';
export const loggedOut = 'Umetoka.';
export const accountDeleted = 'Akaunti imefutwa.';
export const resetLinkValid = 'Kiungo cha kubadilisha nenosiri kinafanya kazi.';
export const adDeleted = 'Tangazo limefutwa!';
export const adApproved = 'Tangazo limeidhinishwa.';
export const adHidden = 'Tangazo limefichwa.';
export const accountBanned = 'Akaunti imefungiwa.';
export const reviewPublished = 'Maoni yamechapishwa.';
export const reviewHidden = 'Maoni yamefichwa.';
export const reviewRestored = 'Maoni yamerudishwa.';
export const draftDiscarded = 'Rasimu imetupwa.';
export const photoRemoved = 'Picha imeondolewa.';
export const savedSearchDeleted = 'Utafutaji uliohifadhi umefutwa.';
