import { sql, type SQL } from 'drizzle-orm';
import type { AttributeValues } from '#kernel/subcategories.ts';
import type { ListingStatus } from '../db/schema/index.ts';
import { IMAGE_WIDTHS, imageFileName } from '../media/images.ts';
import { jsonArrayText, jsonObjectText, type JsonField } from './json-text-sql.ts';
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

export function mediaUrl(name: string): string {
  return `/media/${name}`;
}

/** "Westlands, Nairobi City", the county alone for a county-wide ad, or null (migration 0880's tables; placeLabel() in kernel/kenya-locations.ts). */
const PLACE = sql.raw(`(SELECT coalesce(t.name || ', ', '') || c.name FROM counties c LEFT JOIN towns t ON t.id = l.town_id WHERE c.code = l.county_code)`);

/** The seller's average and count from migration 1400's seller_review_stats (one row; a trigger keeps it). */
const SELLER_RATING = sql.raw(`(SELECT round(s.star_total::numeric / s.review_count, 1)::float8 FROM seller_review_stats s WHERE s.seller_id = l.owner_id AND s.review_count > 0)`);
const SELLER_REVIEWS = sql.raw(`coalesce((SELECT s.review_count FROM seller_review_stats s WHERE s.seller_id = l.owner_id), 0)`);

const FULL_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The URL of a stored image file as a JSON string, as SQL: mediaUrl(imageFileName(key, width)) in quotes. */
function quotedMediaUrlSql(storageKey: string, width: number): string {
  const [before, after] = mediaUrl(imageFileName('\u0000', width)).split('\u0000');
  return `'"${before}' || ${storageKey} || '${after}"'`;
}

/*
 * A listing's photos as JSON text. Nothing in it needs escaping: storage keys are UUIDs
 * (server/media/images.ts; migration 2200 holds listing_images to names of letters, digits,
 * '.', '_' and '-'), widths and heights integers. The photos are read in position order from
 * the covering index and aggregated in that order: an ORDER BY inside each aggregate would sort
 * every listing's photos twice more (PostgreSQL 15 does not see that they arrive sorted).
 */
const IMAGES_JSON = `'[' || string_agg(${quotedMediaUrlSql('i.storage_key', FULL_WIDTH)}, ',') || ']'`;
const VARIANTS_JSON = IMAGE_WIDTHS.map((w) => `'"${w}":' || ${quotedMediaUrlSql('i.storage_key', w)}`).join(" || ',' || ");
const PHOTOS_JSON = `'[' || string_agg('{"url":' || ${quotedMediaUrlSql('i.storage_key', FULL_WIDTH)} || ',"width":' || i.width || ',"height":' || i.height || ',"variants":{' || ${VARIANTS_JSON} || '}}', ',') || ']'`;

const featured = (now: Date): JsonField => ({ boolean: sql`coalesce(l.featured_until > ${now.toISOString()}::timestamptz, false)` });

/**
 * The JSON (text) of listing `l` with its seller `u`, as the API shows it. `now` decides
 * "featured". The photos come from a lateral subquery over listing_images (LISTING_JSON_FROM).
 */
export function listingJsonSql(now: Date): SQL {
  return jsonObjectText({
    _id: { uuid: sql`l.id` },
    title: { string: sql`l.title` },
    description: { string: sql`l.description` },
    category: { string: sql`l.category` },
    subcategory: { string: sql`l.subcategory` },
    attributes: { json: sql`l.attributes::text` },
    price: { number: sql`l.price` },
    currency: { string: sql`l.currency` },
    location: { string: sql`l.location` },
    townId: { string: sql`l.town_id` },
    countyCode: { string: sql`l.county_code` },
    place: { string: PLACE },
    images: { json: sql`ph.images`, orElse: '[]' },
    photos: { json: sql`ph.photos`, orElse: '[]' },
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
        listingsCount: { number: sql`coalesce((SELECT c.listings FROM seller_listing_counts c WHERE c.owner_id = l.owner_id), 0)` },
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

/** Joins for listingJsonSql, over `page` (id, n): the listing, its seller and its photos. */
export const LISTING_JSON_FROM = sql.raw(`page p
  JOIN listings l ON l.id = p.id
  JOIN users u ON u.id = l.owner_id
  LEFT JOIN LATERAL (
    SELECT ${IMAGES_JSON} AS images, ${PHOTOS_JSON} AS photos
    FROM (SELECT i.storage_key, i.width, i.height FROM listing_images i WHERE i.listing_id = l.id ORDER BY i.position) i) ph ON true`);

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

/** The card of listing `l` (CardJson), written in SQL: of the seller only their rating, no description, only the cover photo. */
function cardJsonSql(now: Date): SQL {
  return jsonObjectText({
    _id: { uuid: sql`l.id` },
    title: { string: sql`l.title` },
    price: { number: sql`l.price` },
    currency: { string: sql`l.currency` },
    location: { string: sql`l.location` },
    place: { string: PLACE },
    category: { string: sql`l.category` },
    subcategory: { string: sql`l.subcategory` },
    featured: featured(now),
    createdAt: { time: sql`l.created_at` },
    photo: { json: sql`cover.photo`, orElse: 'null' },
    sellerRating: { number: SELLER_RATING },
    sellerReviews: { number: SELLER_REVIEWS },
  });
}

const COVER_JSON = jsonObjectText({ key: { string: sql`i.storage_key` }, width: { number: sql`i.width` }, height: { number: sql`i.height` } });

const CARD_JSON_FROM = sql`page p
  JOIN listings l ON l.id = p.id
  LEFT JOIN LATERAL (
    SELECT ${COVER_JSON} AS photo
    FROM listing_images i WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1) cover ON true`;

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
