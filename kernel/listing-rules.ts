/**
 * Listing form limits and messages, shared by the server (which enforces them) and the forms
 * (which show them early). Plain constants: no validation library in the browser bundle.
 */
export const MAX_IMAGES = 10;
export const MAX_IMAGE_MB = 10;

export const LIMITS = {
  title: 100,
  description: 5000,
  location: 100,
  subcategory: 60,
  /** 100 billion: above any real ad, far below 2^53. */
  price: 100_000_000_000,
} as const;

export const MESSAGES = {
  required: 'Error: All fields and at least one image are required.',
  tooManyImages: 'Error: You can upload a maximum of 10 images.',
  imageRequiredHint: 'At least one image is required.',
  notAuthorizedListing: 'You are not authorized to edit this listing.',
  notAuthorizedAd: 'You are not authorized to edit this ad.',
  posted: 'Ad posted successfully!',
  updated: 'Ad updated successfully!',
  deleted: 'Ad deleted successfully!',
} as const;

/** The only subcategory the text-only form offers (spec section 2). */
export const NO_SUBCATEGORY_LABEL = 'N/A (No Subcategory)';
