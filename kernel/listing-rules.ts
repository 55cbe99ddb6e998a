/**
 * Listing form limits and messages, shared by the server (which enforces them) and the forms
 * (which show them early). Plain constants: no validation library in the browser bundle.
 */
import { adDeleted, adPosted, adUpdated, imageRequiredHint, noSubcategory, notAuthorizedAd, notAuthorizedListing, required, tooManyImages } from '#messages/post.ts';

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
  required,
  tooManyImages,
  imageRequiredHint,
  notAuthorizedListing,
  notAuthorizedAd,
  posted: adPosted,
  updated: adUpdated,
  deleted: adDeleted,
} as const;

/** The only subcategory the text-only form offers (spec section 2). */
export const NO_SUBCATEGORY_LABEL = noSubcategory;
