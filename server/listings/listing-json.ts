import { sql, type SQL } from 'drizzle-orm';
import type { AttributeValues } from '#kernel/subcategories.ts';
import type { ListingStatus } from '../db/schema/index.ts';
import { IMAGE_WIDTHS, imageFileName } from '../media/images.ts';
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
 * PostgreSQL writes the listing JSON itself (json_build_object), and a page of listings
 * arrives as one text value: the API passes it on untouched, the pages parse it once. Turning
 * 24 rows of 20 columns into objects and back into JSON in Node cost more than the query
 * (issue 4's budget is 16 concurrent searches on two cores).
 */

export function mediaUrl(name: string): string {
  return `/media/${name}`;
}

/** "Westlands, Nairobi City", the county alone for a county-wide ad, or null (migration 0880's tables; placeLabel() in kernel/kenya-locations.ts). */
const PLACE = sql.raw(`(SELECT coalesce(t.name || ', ', '') || c.name FROM counties c LEFT JOIN towns t ON t.id = l.town_id WHERE c.code = l.county_code)`);

/** The seller's average and count from migration 1400's seller_review_stats (one row; a trigger keeps it). */
const SELLER_RATING = sql.raw(`(SELECT round(s.star_total::numeric / s.review_count, 1)::float8 FROM seller_review_stats s WHERE s.seller_id = l.owner_id AND s.review_count > 0)`);
const SELLER_REVIEWS = sql.raw(`coalesce((SELECT s.review_count FROM seller_review_stats s WHERE s.seller_id = l.owner_id), 0)`);

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const FULL_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The URL of a stored image file as a JSON string, as SQL: mediaUrl(imageFileName(key, width)) in quotes. */
function quotedMediaUrlSql(storageKey: string, width: number): string {
  const [before, after] = mediaUrl(imageFileName('\u0000', width)).split('\u0000');
  return `'"${before}' || ${storageKey} || '${after}"'`;
}

/**
 * A listing's photos as JSON, written as text rather than with json_agg and json_build_object:
 * a tenth of the page statement less (1.46 → 1.37 ms on 24 random ads of 1,000,000). Nothing in
 * it needs escaping: storage keys are UUIDs (server/media/images.ts; migration 2200 holds
 * listing_images to names of letters, digits, '.', '_' and '-'), widths and heights integers.
 */
const IMAGES_JSON = `('[' || string_agg(${quotedMediaUrlSql('i.storage_key', FULL_WIDTH)}, ',' ORDER BY i.position) || ']')::json`;
const VARIANTS_JSON = IMAGE_WIDTHS.map((w) => `'"${w}":' || ${quotedMediaUrlSql('i.storage_key', w)}`).join(" || ',' || ");
const PHOTOS_JSON = `('[' || string_agg('{"url":' || ${quotedMediaUrlSql('i.storage_key', FULL_WIDTH)} || ',"width":' || i.width || ',"height":' || i.height || ',"variants":{' || ${VARIANTS_JSON} || '}}', ',' ORDER BY i.position) || ']')::json`;

/**
 * The JSON of listing `l` with its seller `u`, as the API shows it, written in SQL. `now`
 * decides "featured". The photos come from a lateral subquery over listing_images.
 */
export function listingJsonSql(now: Date): SQL {
  return sql`json_build_object(
    '_id', l.id, 'title', l.title, 'description', l.description, 'category', l.category,
    'subcategory', l.subcategory, 'attributes', l.attributes, 'price', l.price, 'currency', l.currency, 'location', l.location,
    'townId', l.town_id, 'countyCode', l.county_code, 'place', ${PLACE},
    'images', coalesce(ph.images, '[]'::json), 'photos', coalesce(ph.photos, '[]'::json),
    'featured', coalesce(l.featured_until > ${now.toISOString()}::timestamptz, false),
    'featuredUntil', ${sql.raw(iso('l.featured_until'))}, 'owner', l.owner_id,
    'user', json_build_object(
      '_id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'username', u.username,
      'createdAt', ${sql.raw(iso('u.created_at'))},
      'listingsCount', coalesce((SELECT c.listings FROM seller_listing_counts c WHERE c.owner_id = l.owner_id), 0),
      'rating', ${SELLER_RATING}, 'reviewCount', ${SELLER_REVIEWS}),
    'postedDate', ${sql.raw(iso('l.created_at'))}, 'createdAt', ${sql.raw(iso('l.created_at'))},
    'updatedAt', ${sql.raw(iso('l.updated_at'))}, 'views', l.views, 'status', l.status)`;
}

/** Joins for listingJsonSql, over `page` (id, n): the listing, its seller and its photos. */
export const LISTING_JSON_FROM = sql.raw(`page p
  JOIN listings l ON l.id = p.id
  JOIN users u ON u.id = l.owner_id
  LEFT JOIN LATERAL (
    SELECT ${IMAGES_JSON} AS images, ${PHOTOS_JSON} AS photos
    FROM listing_images i WHERE i.listing_id = l.id) ph ON true`);

/**
 * A JSON array (as text) of the listings in `page`, in page order: '[]' when there are none.
 * `where` (on `l`) leaves some out: tested on the row the JSON is written from, it costs no
 * second look-up of the listing.
 */
export function listingsArraySql(now: Date, where?: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(${listingJsonSql(now)} ORDER BY p.n), '[]')::text FROM ${LISTING_JSON_FROM}${whereClause(where)})`;
}

const whereClause = (where: SQL | undefined): SQL => (where ? sql` WHERE ${where}` : sql``);

export function parseListings(text: string): ListingJson[] {
  return JSON.parse(text) as ListingJson[];
}

/** The card of listing `l` (CardJson), written in SQL: of the seller only their rating, no description, only the cover photo. */
function cardJsonSql(now: Date): SQL {
  return sql`json_build_object(
    '_id', l.id, 'title', l.title, 'price', l.price, 'currency', l.currency, 'location', l.location, 'place', ${PLACE},
    'category', l.category, 'subcategory', l.subcategory,
    'featured', coalesce(l.featured_until > ${now.toISOString()}::timestamptz, false),
    'createdAt', ${sql.raw(iso('l.created_at'))}, 'photo', cover.photo,
    'sellerRating', ${SELLER_RATING}, 'sellerReviews', ${SELLER_REVIEWS})`;
}

const CARD_JSON_FROM = sql.raw(`page p
  JOIN listings l ON l.id = p.id
  LEFT JOIN LATERAL (
    SELECT json_build_object('key', i.storage_key, 'width', i.width, 'height', i.height) AS photo
    FROM listing_images i WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1) cover ON true`);

/** A JSON array (as text) of the cards of the listings in `page`, in page order; `where` as listingsArraySql's. */
function cardsArraySql(now: Date, where?: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(${cardJsonSql(now)} ORDER BY p.n), '[]')::text FROM ${CARD_JSON_FROM}${whereClause(where)})`;
}

/**
 * How a page of listings is written: as the API shows them (`listingFormat`), or as the cards
 * of a page (`cardFormat`), so that pages never parse descriptions and sellers to drop them.
 */
export type ListingFormat<T> = { name: string; arraySql(now: Date, where?: SQL): SQL; parse(text: string): T[] };

export const listingFormat: ListingFormat<ListingJson> = { name: 'listing', arraySql: listingsArraySql, parse: parseListings };
export const cardFormat: ListingFormat<CardJson> = { name: 'card', arraySql: cardsArraySql, parse: (text) => JSON.parse(text) as CardJson[] };
