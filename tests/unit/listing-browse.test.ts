import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { categoryFromSlug, emptyStateText, listingsHeading, pageSearch, slugHeading } from '../../app/components/listings/browse.ts';
import { ListingCard, type CardListing } from '../../app/components/listings/ListingCard.tsx';
import { buildSrcSet, pickVariants, PLACEHOLDER_SRC } from '../../app/components/listings/ResponsiveImage.tsx';
import { chatMessage, whatsAppUrl } from '#kernel/phone.ts';
import type { Photo } from '../../server/listings/listing-json.ts';
import { browsePageCount, MAX_BROWSE_PAGE, parseListingQuery } from '../../server/listings/listing-query.ts';

const photo = (width = 1600, height = 1200, key = 'abc'): Photo => ({
  url: `/media/${key}-1280.webp`,
  width,
  height,
  variants: { 400: `/media/${key}-400.webp`, 800: `/media/${key}-800.webp`, 1280: `/media/${key}-1280.webp` },
});

describe('browse query parameters (a page address)', () => {
  const parse = (query: string) => parseListingQuery(new URLSearchParams(query), 'page');
  const defaults = { minPrice: undefined, maxPrice: undefined, sort: 'newest', limit: 24 };

  it('trim terms, resolve the category and default the page', () => {
    expect(parse('category=electronics&search=%20iphone%20&location=%20Nairobi&page=3')).toEqual({
      category: 'Electronics',
      search: 'iphone',
      location: 'Nairobi',
      page: 3,
      ...defaults,
    });
    expect(parse('category=boats&page=-2')).toEqual({ category: 'Others', search: '', location: '', page: 1, ...defaults });
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=999999').page).toBe(MAX_BROWSE_PAGE);
    expect(parse(`search=${'x'.repeat(500)}`).search).toHaveLength(100);
  });

  it('read a county by code or name and a town by id or name; an unknown one is no filter', () => {
    expect(parse('county=047&town=westlands')).toMatchObject({ county: '047', town: 'westlands' });
    expect(parse('county=nairobi&town=Kahawa%20West')).toMatchObject({ county: '047', town: 'kahawa-west' });
    expect(parse('county=Taita%20Taveta')).toMatchObject({ county: '006' });
    expect(parse('county=atlantis&town=atlantis')).toMatchObject({ county: undefined, town: undefined });
  });

  it('fall back to no price filter, newest first and 24 a page for bad values', () => {
    expect(parse('minPrice=1000&maxPrice=50000&sort=price_desc&limit=100')).toMatchObject({ minPrice: 1000, maxPrice: 50000, sort: 'price_desc', limit: 24 });
    expect(parse('minPrice=-5&maxPrice=abc&sort=bogus')).toMatchObject({ minPrice: undefined, maxPrice: undefined, sort: 'newest' });
  });

  it('read the same query as the API does when it is valid, and refuse a bad one only in the API', () => {
    const query = 'category=pets&search=puppy&location=Nakuru&minPrice=100&maxPrice=900&sort=price_asc&page=2';
    expect(parseListingQuery(new URLSearchParams(query))).toEqual({ ...parse(query) });
    expect(parseListingQuery({ page: '2', limit: '10' })).toMatchObject({ page: 2, limit: 10, sort: 'newest', category: null });
    expect(() => parseListingQuery(new URLSearchParams('page=abc'))).toThrow('page must be a whole number from 1 to 100000.');
    expect(() => parseListingQuery({ minPrice: '9', maxPrice: '1' })).toThrow('minPrice cannot be more than maxPrice.');
  });
});

describe('all-listings texts', () => {
  it('headings follow the specification', () => {
    expect(listingsHeading({ category: null, search: '', location: '' })).toBe('All Listings');
    expect(listingsHeading({ category: 'Cars & Vehicles', search: '', location: '' })).toBe('Cars & Vehicles Listings');
    expect(listingsHeading({ category: 'Pets', search: 'puppy', location: 'Nakuru' })).toBe('Search Results for "puppy"');
    expect(listingsHeading({ category: null, search: '', location: 'Mombasa' })).toBe('Search Results for "Mombasa"');
  });
  it('the empty state says what was asked for', () => {
    expect(emptyStateText({ category: null, search: 'zebra', location: '' })).toBe('No listings found for "zebra".');
    expect(emptyStateText({ category: 'Pets', search: 'zebra', location: 'Lamu' })).toBe('No listings found for "zebra" in Pets near Lamu.');
    expect(emptyStateText({ category: 'Jobs', search: '', location: '' })).toBe('No listings found for Jobs.');
    expect(emptyStateText({ category: null, search: '', location: '' })).toBe('No listings found for all categories.');
  });
});

describe('pagination', () => {
  it('counts pages of 24 and keeps the other parameters', () => {
    expect(browsePageCount(0)).toBe(1);
    expect(browsePageCount(24)).toBe(1);
    expect(browsePageCount(73)).toBe(4);
    expect(browsePageCount(1_000_000)).toBe(MAX_BROWSE_PAGE);
    expect(pageSearch('?category=Pets&page=2', 3)).toBe('?category=Pets&page=3');
    expect(pageSearch('?category=Pets&page=2', 1)).toBe('?category=Pets');
    expect(pageSearch('', 1)).toBe('');
  });
});

describe('category slugs', () => {
  it('accept exactly the nine slugs, any letter case', () => {
    expect(categoryFromSlug('cars-vehicles')).toBe('Cars & Vehicles');
    expect(categoryFromSlug('Electronics')).toBe('Electronics');
    expect(categoryFromSlug('for-sale')).toBe('For Sale');
    expect(categoryFromSlug('boats')).toBeNull();
    expect(categoryFromSlug('cars & vehicles')).toBeNull();
    expect(categoryFromSlug(undefined)).toBeNull();
  });
  it('make the heading: first letter capitalised, hyphens to spaces', () => {
    expect(slugHeading('cars-vehicles')).toBe('Cars vehicles');
    expect(slugHeading('for-sale')).toBe('For sale');
  });
});

describe('responsive images', () => {
  it('list each stored width once, never wider than the original', () => {
    expect(buildSrcSet(photo())).toBe('/media/abc-400.webp 400w, /media/abc-800.webp 800w, /media/abc-1280.webp 1280w');
    // A 600 px upload was not enlarged: its 800 and 1280 files are 600 px wide.
    expect(buildSrcSet(photo(600, 450))).toBe('/media/abc-400.webp 400w, /media/abc-800.webp 600w');
  });
  it('cards carry only the 400 and 800 px variants', () => {
    const card = pickVariants(photo(), [400, 800]);
    expect(Object.keys(card.variants)).toEqual(['400', '800']);
    expect(card.url).toBe('/media/abc-800.webp');
  });
});

describe('listing card', () => {
  const base: CardListing = {
    _id: '7d3c1b9e-0000-4000-8000-000000000001',
    title: 'Sofa <b>set</b>',
    price: 1250000,
    currency: 'KES',
    location: 'Nakuru',
    place: null,
    category: 'Furniture',
    subcategory: 'Sofas',
    featured: true,
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    photo: { ...pickVariants(photo(), [400, 800]), key: 'abc' },
    sellerRating: null,
    sellerReviews: 0,
  };
  const render = (listing: CardListing, props: object = {}) =>
    renderToString(createElement(MemoryRouter, null, createElement(ListingCard, { listing, ...props })));

  it('shows photo, Featured badge, title, price, location and category, linking to the ad', () => {
    const html = render(base);
    expect(html).toContain('href="/listing/7d3c1b9e-0000-4000-8000-000000000001"');
    expect(html).toContain('Featured');
    expect(html).toContain('Sofa &lt;b&gt;set&lt;/b&gt;');
    expect(html).toContain('Ksh 1,250,000');
    expect(html).toContain('Nakuru');
    expect(html).toContain('>Furniture<');
    // The 4:3 card files, AVIF first, WebP for the rest (the image's own srcset: one <source>).
    expect(html).toContain('type="image/avif" srcset="/media/abc-c320.avif 320w, /media/abc-c480.avif 480w"');
    expect(html).toMatch(/<img src="\/media\/abc-c320.webp" srcset="\/media\/abc-c320.webp 320w, \/media\/abc-c480.webp 480w" sizes="[^"]+"/);
    expect(html.match(/<source/g)).toHaveLength(1);
    expect(html).toContain('width="320" height="240"');
    expect(html).toContain('3 days ago');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchpriority');
    expect(html).toContain('decoding="async"');
  });
  it('fetches a first-row card photo at once and before the preloaded scripts (the largest paint on a phone)', () => {
    const html = render(base, { eager: true });
    expect(html).toContain('loading="eager" fetchpriority="high"');
  });
  it('falls back to a placeholder, "Price negotiable" and N/A', () => {
    const html = render({ ...base, photo: null, price: 0, category: '', featured: false });
    expect(html).toContain(PLACEHOLDER_SRC.replace(/&/g, '&amp;').slice(0, 40));
    expect(html).toContain('Price negotiable');
    expect(html).toContain('>N/A<');
    expect(html).not.toContain('Featured');
  });
  it('says the seller has no reviews yet, or their average to one decimal and how many (never stars without reviews)', () => {
    expect(render(base)).toContain('Seller: No reviews yet');
    expect(render(base)).not.toContain('★');
    const rated = render({ ...base, sellerRating: 4.25, sellerReviews: 12 });
    expect(rated).toMatch(/Seller <span aria-hidden="true">★<\/span> 4\.3 \(12 reviews\)/);
    expect(render({ ...base, sellerRating: 5, sellerReviews: 1 })).toContain('5.0 (1 review)');
  });
});

describe('WhatsApp chat link', () => {
  it('uses the digits of the number and the greeting with the title', () => {
    const url = whatsAppUrl('+254712345678', chatMessage('Toyota Axio 2014'))!;
    expect(url).toMatch(/^https:\/\/wa\.me\/254712345678\?text=/);
    expect(new URL(url).searchParams.get('text')).toBe('Hello, I\'m interested in your ad "Toyota Axio 2014" on Soko. Is it still available?');
  });
});
