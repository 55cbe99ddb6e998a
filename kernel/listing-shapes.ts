/*
 * The shapes of a listing that the server writes and the pages show (PostgreSQL writes them as
 * JSON: server/listings/listing-json.ts). Here, so that components take them without importing
 * server code.
 */

export type Photo = {
  url: string;
  width: number;
  height: number;
  /** URL per stored width, for srcset. */
  variants: Record<number, string>;
};

/**
 * What a listing card shows in the grids of the home, browse and Manage ads pages: a small
 * slice of a listing, so pages ship little data (3G budget).
 */
export type CardJson = {
  _id: string;
  title: string;
  price: number | null;
  currency: string;
  location: string;
  /** "Town, County" when known (ListingJson's place), else null. */
  place: string | null;
  category: string;
  subcategory: string | null;
  featured: boolean;
  /** When the ad was posted, for "Today", "3 days ago". */
  createdAt: string;
  /**
   * The cover photo, or null when the ad has none: `key` names its 4:3 card files
   * (kernel/card-images.ts), whose URLs and sizes the card works out from it and the
   * original's width. Nothing more: each field here is written into every results page twice,
   * once in its HTML and once in the data the browser's router is handed.
   */
  photo: { key: string; width: number; height: number } | null;
  /** The seller's average review to one decimal, or null without reviews: the card's seller line. */
  sellerRating: number | null;
  /** How many published reviews the average is of. */
  sellerReviews: number;
};
