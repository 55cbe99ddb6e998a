import type { ZodMediaTypeObject } from '@asteasolutions/zod-to-openapi';
import { createRoute, z } from '@hono/zod-openapi';
import { CATEGORIES } from '#kernel/categories.ts';
import { REMINDER_DAYS, SOLD_UNDO_DAYS } from '#kernel/lifecycle-rules.ts';
import { CURRENCIES } from '#kernel/money.ts';
import { LISTING_STATUSES } from '../db/schema/index.ts';
import { DEFAULT_PAGE_SIZE, SORTS } from '../search/search-query.ts';
import { bearer, errorResponses, IdParam, json } from './openapi.ts';

/*
 * The OpenAPI declarations of the listings API (/api/openapi.json): request and response
 * schemas and one createRoute per operation. The handlers that answer them are in listings.ts.
 */

const Photo = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.record(z.string(), z.string()).openapi({ description: 'URL per width (400, 800, 1280), for srcset' }),
});

export const ListingSchema = z
  .object({
    _id: z.string().uuid(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    subcategory: z.string().nullable().openapi({ description: 'One of the category’s subcategories (GET /api/categories/{category}/subcategories), or null' }),
    attributes: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .openapi({ description: 'The subcategory’s structured fields: numbers for number fields, the option or text otherwise; {} when none', example: { make: 'Toyota', year: 2014, mileage: 85000 } }),
    price: z.number().int().nullable().openapi({ description: 'Whole units of the currency; null means negotiable' }),
    currency: z.enum(CURRENCIES),
    location: z.string().openapi({ description: 'The location as the seller wrote or picked it' }),
    townId: z.string().nullable().openapi({ description: 'The town the location names (GET /api/locations), or null', example: 'westlands' }),
    countyCode: z.string().nullable().openapi({ description: 'Its county, 001–047 (or the county the location names); null when the location names no known place', example: '047' }),
    place: z.string().nullable().openapi({ description: '"Town, County" (or the county alone) when the place is known, else null', example: 'Westlands, Nairobi City' }),
    images: z.array(z.string()).openapi({ description: 'Full-size image URLs; the first is the cover' }),
    photos: z.array(Photo),
    featured: z.boolean(),
    featuredUntil: z.string().nullable(),
    owner: z.string().uuid(),
    user: z.object({
      _id: z.string().uuid(),
      firstName: z.string(),
      lastName: z.string(),
      username: z.string(),
      createdAt: z.string(),
      listingsCount: z.number().int(),
      rating: z.number().nullable().openapi({ description: "The average of the seller’s published reviews, to one decimal; null when there are none" }),
      reviewCount: z.number().int().openapi({ description: "How many published reviews the rating is of" }),
    }),
    postedDate: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    views: z.number().int(),
    status: z.enum(LISTING_STATUSES).openapi({
      description:
        'active: public. sold: out of search, its page stays with a Sold notice. expired, hidden (by a moderator) and held (waiting for review): seen only by the owner',
    }),
  })
  .openapi('Listing');

const StatPair = z.object({ recent: z.number().int().openapi({ description: 'Last 7 days' }), total: z.number().int() });

/** An ad as its owner sees it in Manage ads: the listing, its end of term, when it was sold, and a moderator's reason. */
export const OwnListingSchema = ListingSchema.extend({
  expiresAt: z.string().openapi({ description: 'End of term (ISO 8601); renew in the last days or once expired' }),
  soldAt: z.string().nullable(),
  moderationReason: z.string().nullable().openapi({ description: 'Why a moderator hid the ad (status hidden), or why it is held' }),
  stats: z
    .object({ views: StatPair, phoneReveals: StatPair, whatsappTaps: StatPair, messages: StatPair, saves: StatPair })
    .openapi('AdStats', {
      description:
        'How the ad does, as Manage ads shows it: each figure for the last 7 days (today and the six before) and in total. Views and WhatsApp taps count once per viewer a day, ' +
        'phone reveals once per device, messages are buyers’ delivered messages, saves are saves that still stand.',
    }),
}).openapi('OwnListing');

export const OwnAdsQuery = z.object({
  page: z.string().optional().openapi({ description: 'Page number from 1 (a page past the last gives the last). With page or limit the list is paged; without either, every ad' }),
  limit: z.string().optional().openapi({ description: 'Ads a page, 1 to 50 (default 12, as Manage ads)' }),
});

export const SuggestionSchema = z
  .object({
    kind: z.enum(['category', 'subcategory', 'word']),
    text: z.string().openapi({ description: 'What to show, and for a word what to search for', example: 'toyota' }),
    category: z.string().optional(),
    subcategory: z.string().nullable().optional(),
    url: z.string().openapi({ description: 'The page it leads to (a category page, or the search)', example: '/products?search=toyota' }),
  })
  .openapi('Suggestion');

const errors = errorResponses(400, 401, { 403: 'Not the owner of this listing', 404: 'Listing not found' });

// Bodies are described with plain JSON Schema, so the library leaves parsing to the handlers:
// they stream uploads under a size limit, check every file's content, and answer in our error shape.
type BodySchema = NonNullable<ZodMediaTypeObject['schema']>;

const listingMultipart: BodySchema = {
  type: 'object',
  required: ['title', 'description', 'category', 'location', 'images'],
  properties: {
    title: { type: 'string', maxLength: 100 },
    description: { type: 'string', maxLength: 5000 },
    category: { type: 'string', enum: [...CATEGORIES], description: 'Name or slug, case-insensitive' },
    subcategory: {
      type: 'string',
      maxLength: 60,
      description: 'One of the category’s subcategories (GET /api/categories/{category}/subcategories), case-insensitive; empty or "N/A (No Subcategory)" for none',
    },
    'attr.<key>': {
      type: 'string',
      description:
        'One field per attribute of the subcategory, named `attr.` and its key (`attr.make`, `attr.year`): select fields take one of their options, number fields a whole number ' +
        '(thousands commas allowed), text fields text; values are trimmed, empty ones left out. A key the subcategory does not have, or a wrong value, is a 400 naming `attributes.<key>` and nothing is saved. ' +
        'An edit replaces the ad’s attributes with those sent',
    },
    price: { type: 'string', pattern: '^[0-9]*$', description: 'Whole number; empty means negotiable' },
    currency: { type: 'string', enum: [...CURRENCIES], default: 'KES' },
    location: {
      type: 'string',
      maxLength: 100,
      description:
        'Free text. A town or county of GET /api/locations, as its name ("Westlands"), "Town, County" ("Westlands, Nairobi City") or a county name ("Nairobi"), case-insensitive, also sets the listing’s townId and countyCode',
    },
    images: {
      type: 'array',
      maxItems: 10,
      items: { type: 'string', format: 'binary' },
      description: 'Repeated field. JPEG, PNG, WebP, AVIF or GIF (checked by content), 10 MB each; kept plus new at most 10',
    },
    existingImages: {
      type: 'array',
      items: { type: 'string' },
      description: 'Repeated field (edit only): URLs of this listing’s photos to keep, in order',
    },
    imageOrder: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Repeated field (edit only, optional): the order of all the photos, the first being the cover; each entry is a kept photo’s URL or `new:<n>` for the n-th file of `images` (from 0). Photos it leaves out follow: kept, then new',
    },
    owner: { type: 'string', description: 'Ignored: the owner is always the signed-in user' },
  },
};

const textEdit: BodySchema = {
  type: 'object',
  description: 'The text-only edit form; photos are not changed',
  required: ['title', 'description', 'category', 'location'],
  properties: {
    title: { type: 'string', maxLength: 100 },
    description: { type: 'string', maxLength: 5000 },
    price: { type: ['integer', 'null'], minimum: 0, description: 'null means negotiable' },
    category: { type: 'string', enum: [...CATEGORIES] },
    subcategory: { type: ['string', 'null'], maxLength: 60, description: 'One of the category’s subcategories; null, empty or "N/A (No Subcategory)" for none' },
    attributes: {
      type: 'object',
      additionalProperties: { type: ['string', 'integer'] },
      description:
        'Optional. The subcategory’s fields (GET /api/categories/{category}/subcategories), replacing the ad’s. Absent: the ad keeps its own, less any its (new) subcategory does not have. ' +
        'Unknown keys and wrong types are a 400 naming `attributes.<key>`',
    },
    location: {
      type: 'string',
      maxLength: 100,
      description:
        'Free text. A town or county of GET /api/locations, as its name ("Westlands"), "Town, County" ("Westlands, Nairobi City") or a county name ("Nairobi"), case-insensitive, also sets the listing’s townId and countyCode',
    },
  },
};

/** The listing operations of /api/openapi.json; the handlers are in listings.ts. */
export const listingRoutes = {
  list: createRoute({
    method: 'get',
    path: '/listings',
    tags: ['listings'],
    summary: 'Search and browse listings',
    description:
      'Every word of `search` must occur (substring, case-insensitive) in the title, description or location. ' +
      'Under `newest` active featured listings come first. Under the price sorts, prices in USD, EUR and GBP compare by their value in KES ' +
      '(the server\'s configured rates), negotiable ads (no price) last. Pagination: `Link` (rel next/prev) and ' +
      '`X-Total-Count` (counting stops four pages past the requested one; `X-Total-Count-Capped: true` then says the total is a lower bound).',
    request: {
      query: z.object({
        page: z.string().optional().openapi({ description: 'From 1', example: '1' }),
        limit: z.string().optional().openapi({ description: `Default ${DEFAULT_PAGE_SIZE}, at most 100`, example: '24' }),
        category: z.string().optional().openapi({ description: 'Name or slug, case-insensitive; unknown means Others' }),
        search: z.string().optional(),
        location: z.string().optional().openapi({ description: 'Matched in the location text like a search word' }),
        county: z.string().optional().openapi({
          description: 'A county: its code 001–047 or its name (GET /api/locations), case-insensitive. Includes every town of the county',
          example: '047',
        }),
        town: z.string().optional().openapi({ description: 'A town: its id or name (GET /api/locations), case-insensitive', example: 'westlands' }),
        minPrice: z.string().optional().openapi({ description: 'Whole KES; ads priced in another currency match by their value in KES' }),
        maxPrice: z.string().optional().openapi({ description: 'Whole KES; ads priced in another currency match by their value in KES' }),
        subcategory: z.string().optional().openapi({
          description: 'A subcategory’s name (GET /api/categories/{category}/subcategories), case-insensitive. Must belong to `category` when both are given',
          example: 'Cars',
        }),
        'attr.<key>': z.string().optional().openapi({
          description:
            'Attribute filters of the chosen `subcategory` (needed): `attr.<key>=<value>` for a field whose filter is equal (`attr.make=Toyota`, `attr.transmission=Automatic`), ' +
            '`attr.<key>.min` and `attr.<key>.max` for a range field (`attr.year.min=2012`, `attr.mileage.max=100000`). Any number of them; an unknown key, a wrong form or value is a 400 naming it',
        }),
        sort: z.string().optional().openapi({ description: `One of ${SORTS.join(', ')}; newest by default` }),
      }),
    },
    responses: { 200: json(z.array(ListingSchema), 'One page of listings'), 400: errors[400] },
  }),
  featured: createRoute({
    method: 'get',
    path: '/listings/featured',
    tags: ['listings'],
    summary: 'Active featured listings, newest first',
    request: { query: z.object({ limit: z.string().optional().openapi({ description: 'Default 8, at most 50' }) }) },
    responses: { 200: json(z.array(ListingSchema), 'Featured listings'), 400: errors[400] },
  }),
  suggest: createRoute({
    method: 'get',
    path: '/listings/suggest',
    tags: ['listings'],
    summary: 'Suggestions as a buyer types a search',
    description:
      'Up to 8: the categories and subcategories with a word starting with `q`, then the commonest words of active ads starting with the last word of `q` ' +
      '(the words before it kept). Never a word only in hidden, sold or expired ads, nor one that looks like a phone number or part of an e-mail address. ' +
      'Cached by browsers and proxies for 60 seconds.',
    request: { query: z.object({ q: z.string().optional().openapi({ description: 'What the buyer has typed: at least 2 characters', example: 'toy' }) }) },
    responses: { 200: json(z.array(SuggestionSchema), 'Suggestions, categories first'), 400: errors[400] },
  }),
  byUser: createRoute({
    method: 'get',
    path: '/listings/user/{userId}',
    tags: ['listings'],
    summary: 'The signed-in user’s ads (Manage ads), with each ad’s figures; paged with page or limit',
    security: bearer,
    request: { params: z.object({ userId: z.string().openapi({ param: { name: 'userId', in: 'path' } }) }), query: OwnAdsQuery },
    responses: {
      200: {
        ...json(z.array(OwnListingSchema), 'The user’s ads, newest first, each with its term, moderation state and figures'),
        headers: {
          'X-Total-Count': { schema: { type: 'integer' }, description: 'How many ads the user has in all' },
          'X-Page': { schema: { type: 'integer' }, description: 'The page answered (paged requests)' },
          'X-Page-Count': { schema: { type: 'integer' }, description: 'How many pages there are (paged requests)' },
        },
      },
      ...errorResponses(400, 401, { 403: 'Another user’s id' }),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/listings/{id}',
    tags: ['listings'],
    summary: 'One listing',
    description: 'An active or sold listing, to anyone; an expired, hidden or held one only to its owner (404 to others).',
    request: { params: IdParam },
    responses: { 200: json(ListingSchema, 'The listing'), 404: errors[404] },
  }),
  phone: createRoute({
    method: 'get',
    path: '/listings/{id}/phone',
    tags: ['listings'],
    summary: 'The seller’s phone number, revealed on request',
    description:
      'Kept out of page HTML to protect sellers from scrapers. New numbers are limited per browser (soko_device cookie, 40 a day) and per account (80 a day), ' +
      'with a ceiling of 600 per IP address per 10 minutes; a number already shown to the browser is free. The cookie is signed and comes with any page ' +
      '(or the first answer here): requests without it, or with one we did not issue, share 10 a day per IP address. ' +
      'A seller who chose messages only has no number here (`phoneNumber: null, messagesOnly: true`, nothing counted): write to them with POST /api/conversations.',
    request: { params: IdParam },
    responses: {
      200: json(
        z.object({
          phoneNumber: z.string().nullable(),
          messagesOnly: z.literal(true).optional().openapi({ description: 'Present when the seller is reached by messages only' }),
        }),
        'The number, or null when the seller has none or takes messages only',
      ),
      404: errors[404],
      ...errorResponses(429),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/listings',
    tags: ['listings'],
    summary: 'Post an ad with photos',
    security: bearer,
    request: { body: { required: true, content: { 'multipart/form-data': { schema: listingMultipart } } } },
    responses: {
      201: json(ListingSchema, 'The created listing'),
      ...errorResponses(400, 401, { 413: 'Upload too large (10 MB per image)', 415: 'Not an accepted image type, or not multipart' }),
    },
  }),
  update: createRoute({
    method: 'put',
    path: '/listings/{id}',
    tags: ['listings'],
    summary: 'Edit an ad: the post/edit form (multipart) or the text-only form (JSON)',
    security: bearer,
    request: {
      params: IdParam,
      body: {
        required: true,
        content: { 'multipart/form-data': { schema: listingMultipart }, 'application/json': { schema: textEdit } },
      },
    },
    responses: {
      200: json(ListingSchema, 'The updated listing'),
      ...errors,
      ...errorResponses({ 413: 'Upload too large (10 MB per image)', 415: 'Not an accepted image type, or neither multipart nor JSON' }),
    },
  }),
  renew: createRoute({
    method: 'post',
    path: '/listings/{id}/renew',
    tags: ['listings'],
    summary: 'Renew an ad: a new term of LISTING_TTL_DAYS from now',
    description:
      `An expired ad, or an active one in its last ${REMINDER_DAYS} days, runs a new term from now and is public again; its expiry reminder may come again. ` +
      'A featured ad keeps its featured time (featuredUntil is not changed). Sold, hidden and held ads cannot be renewed (409).',
    security: bearer,
    request: { params: IdParam },
    responses: {
      200: json(z.object({ message: z.string(), expiresAt: z.string().openapi({ description: 'The new end of term (ISO 8601)' }) }), 'Renewed'),
      ...errors,
      ...errorResponses({ 409: 'Not renewable (yet): the message says why' }),
    },
  }),
  sold: createRoute({
    method: 'post',
    path: '/listings/{id}/sold',
    tags: ['listings'],
    summary: 'Mark an ad as sold',
    description: 'An active ad leaves search, the sitemap and the seller’s page; its page stays with a Sold notice and similar ads. Only an active ad (409 otherwise).',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(z.object({ message: z.string() }), 'Marked as sold'), ...errors, ...errorResponses({ 409: 'The ad is not active' }) },
  }),
  stillAvailable: createRoute({
    method: 'post',
    path: '/listings/{id}/still-available',
    tags: ['listings'],
    summary: 'Undo "sold": put the ad back on offer as it was',
    description:
      `Within ${SOLD_UNDO_DAYS} days of marking it sold: the ad is active again, its end of term moved on by the time it spent sold, and a Featured ad is featured again if its paid time has not run out (featuredUntil is not changed). 409 otherwise.`,
    security: bearer,
    request: { params: IdParam },
    responses: {
      200: json(z.object({ message: z.string(), expiresAt: z.string().openapi({ description: 'Its end of term (ISO 8601)' }) }), 'On offer again'),
      ...errors,
      ...errorResponses({ 409: 'Not sold, or sold more than 7 days ago' }),
    },
  }),
  resubmit: createRoute({
    method: 'post',
    path: '/listings/{id}/resubmit',
    tags: ['listings'],
    summary: 'Send an ad a moderator hid back for review',
    description: 'After editing an ad a moderator hid (the reason is in Manage ads and the listing’s owner view), its seller resubmits it: it is held until a moderator approves or hides it again.',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(z.object({ message: z.string() }), 'Back in the moderation queue'), ...errors, ...errorResponses({ 409: 'The ad is not hidden' }) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/listings/{id}',
    tags: ['listings'],
    summary: 'Delete an ad and its photos',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(z.object({ message: z.string() }), 'Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
};
