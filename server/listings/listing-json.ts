import { sql, type SQL } from 'drizzle-orm';
import type { AttributeValues } from '#kernel/subcategories.ts';
import type { ListingStatus } from '../db/schema/index.ts';
import { jsonArrayText, jsonObjectAfter, type JsonField } from './json-text-sql.ts';
import type { CardJson, Photo } from '#kernel/listing-shapes.ts';

export type { CardJson, Photo };


export type SellerJson = {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  createdAt: string;
  listingsCount: number;
  /** The average of the seller's published reviews, to one decimal; null without reviews (server/reviews/). */
  rating: number | null;
  /** How many published reviews the average is of. */
  reviewCount: number;
};

/** A listing as the API and the pages show it (DESIGN.md section 4). */
export type ListingJson = {
  _id: string;
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  /** The subcategory's structured fields, e.g. {"make": "Toyota", "year": 2014} (kernel/subcategories.ts); {} when none. */
  attributes: AttributeValues;
  price: number | null;
  currency: string;
  location: string;
  /** The town the location names (kernel/kenya-locations.ts), or null. */
  townId: string | null;
  /** Its county ('001'–'047'), or the county the location names; null when it names no place. */
  countyCode: string | null;
  /** "Town, County" (or the county alone) when the place is known, else null: what cards and the ad page show. */
  place: string | null;
  /** Full-size image URLs; the first is the cover. */
  images: string[];
  photos: Photo[];
  featured: boolean;
  featuredUntil: string | null;
  owner: string;
  user: SellerJson;
  postedDate: string;
  createdAt: string;
  updatedAt: string;
  views: number;
  /** active | sold | expired | hidden | held (migration 0820); the public sees active and sold ones. */
  status: ListingStatus;
};


/*
 * PostgreSQL writes the listing JSON itself (as text: json-text-sql.ts), and a page of listings
 * arrives as one text value: the API passes it on untouched, the pages parse it once. Turning
 * 24 rows of 20 columns into objects and back into JSON in Node cost more than the query
 * (issue 4's budget is 16 concurrent searches on two cores).
 */

/*
 * The seller's average and count from migration 1400's seller_review_stats, and their active ads
 * from seller_listing_counts (a row each, kept by triggers), joined once per listing as `sr`
 * (SELLER_REVIEWS_JOIN) and `sc` (LISTING_JSON_FROM). Each field as a subquery of its own looked
 * the same row up again: 1.22-1.29 ms against 1.08 for a page of 20 at 1M ads.
 */
const SELLER_RATING = sql.raw(`CASE WHEN sr.review_count > 0 THEN round(sr.star_total::numeric / sr.review_count, 1)::float8 END`);
const SELLER_REVIEWS = sql.raw(`coalesce(sr.review_count, 0)`);
const SELLER_REVIEWS_JOIN = `
  LEFT JOIN seller_review_stats sr ON sr.seller_id = l.owner_id`;

const featured = (now: Date): JsonField => ({ boolean: sql`coalesce(l.featured_until > ${now.toISOString()}::timestamptz, false)` });

/*
 * Each listing's fields up to its photos (the API's) or its cover photo (a card's) are written
 * when the ad or its photos are edited, by migration 2300's functions, and kept in the row
 * (json_head, card_head): a page reads them as they are. NULL (an ad from before that migration
 * until json-heads.ts writes it, a row written with triggers disabled, a restore) is written
 * then, by the same function, and reads the same.
 */
const JSON_HEAD = sql.raw('coalesce(l.json_head, listing_json_head(l))');
const CARD_HEAD = sql.raw('coalesce(l.card_head, listing_card_head(l))');

/**
 * The JSON (text) of listing `l` with its seller `u`, as the API shows it. `now` decides
 * "featured". The head holds "_id" to "photos"; the rest changes without an edit.
 */
export function listingJsonSql(now: Date): SQL {
  return jsonObjectAfter(JSON_HEAD, {
    featured: featured(now),
    featuredUntil: { time: sql`l.featured_until` },
    owner: { uuid: sql`l.owner_id` },
    user: {
      object: {
        _id: { uuid: sql`u.id` },
        firstName: { string: sql`u.first_name` },
        lastName: { string: sql`u.last_name` },
        username: { string: sql`u.username` },
        createdAt: { time: sql`u.created_at` },
        listingsCount: { number: sql`coalesce(sc.listings, 0)` },
        rating: { number: SELLER_RATING },
        reviewCount: { number: SELLER_REVIEWS },
      },
    },
    postedDate: { time: sql`l.created_at` },
    createdAt: { time: sql`l.created_at` },
    updatedAt: { time: sql`l.updated_at` },
    views: { number: sql`l.views` },
    status: { string: sql`l.status` },
  });
}

/** Joins for listingJsonSql, over `page` (id, n): the listing, its seller and the seller's counts. */
export const LISTING_JSON_FROM = sql.raw(`page p
  JOIN listings l ON l.id = p.id
  JOIN users u ON u.id = l.owner_id${SELLER_REVIEWS_JOIN}
  LEFT JOIN seller_listing_counts sc ON sc.owner_id = l.owner_id`);

/**
 * A JSON array (as text) of the listings in `page`, in page order: '[]' when there are none.
 * `where` (on `l`) leaves some out: tested on the row the JSON is written from, it costs no
 * second look-up of the listing.
 */
export function listingsArraySql(now: Date, where?: SQL): SQL {
  return sql`(SELECT ${jsonArrayText(listingJsonSql(now), sql`p.n`)} FROM ${LISTING_JSON_FROM}${whereClause(where)})`;
}

const whereClause = (where: SQL | undefined): SQL => (where ? sql` WHERE ${where}` : sql``);

export function parseListings(text: string): ListingJson[] {
  return JSON.parse(text) as ListingJson[];
}

/** The card of listing `l` (CardJson): of the seller only their rating, no description, only the cover photo. */
function cardJsonSql(now: Date): SQL {
  return jsonObjectAfter(CARD_HEAD, {
    featured: featured(now),
    createdAt: { time: sql`l.created_at` },
    sellerRating: { number: SELLER_RATING },
    sellerReviews: { number: SELLER_REVIEWS },
  });
}

const CARD_JSON_FROM = sql.raw(`page p
  JOIN listings l ON l.id = p.id${SELLER_REVIEWS_JOIN}`);

/** A JSON array (as text) of the cards of the listings in `page`, in page order; `where` as listingsArraySql's. */
function cardsArraySql(now: Date, where?: SQL): SQL {
  return sql`(SELECT ${jsonArrayText(cardJsonSql(now), sql`p.n`)} FROM ${CARD_JSON_FROM}${whereClause(where)})`;
}

/**
 * How a page of listings is written: as the API shows them (`listingFormat`), or as the cards
 * of a page (`cardFormat`), so that pages never parse descriptions and sellers to drop them.
 */
export type ListingFormat<T> = { name: string; arraySql(now: Date, where?: SQL): SQL; parse(text: string): T[] };

export const listingFormat: ListingFormat<ListingJson> = { name: 'listing', arraySql: listingsArraySql, parse: parseListings };
export const cardFormat: ListingFormat<CardJson> = { name: 'card', arraySql: cardsArraySql, parse: (text) => JSON.parse(text) as CardJson[] };
