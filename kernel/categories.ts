/** The fixed category list (spec section 2), in the order the category bar shows it. */
export const CATEGORIES = [
  'Cars & Vehicles',
  'For Sale',
  'Services',
  'Property',
  'Pets',
  'Jobs',
  'Furniture',
  'Electronics',
  'Others',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** "Cars & Vehicles" -> "cars-vehicles". */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A category from a URL value, by name or slug, case-insensitively. Anything outside the
 * list is Others (spec section 9). Empty means no category filter.
 */
export function resolveCategory(value: string | null | undefined): Category | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  return knownCategory(v) ?? 'Others';
}

/** A category by exact name or slug, case-insensitively; null when it is not on the list (posting refuses it). */
export function knownCategory(value: string): Category | null {
  const v = value.trim();
  if (!v) return null;
  const lower = v.toLowerCase();
  return CATEGORIES.find((c) => c.toLowerCase() === lower || categorySlug(c) === categorySlug(v)) ?? null;
}

export const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  'Cars & Vehicles': 'Cars, motorbikes, trucks, matatus and spare parts from sellers across Kenya.',
  'For Sale': 'Everyday items for sale: clothes, books, baby things, sports gear and more.',
  Services: 'Local services: cleaning, repairs, tutoring, events, transport and beauty.',
  Property: 'Houses and apartments to rent or buy, land, shops and offices.',
  Pets: 'Puppies, kittens, birds and livestock, plus pet food and accessories.',
  Jobs: 'Job openings and casual work from employers near you.',
  Furniture: 'Sofas, beds, tables, wardrobes and office furniture, new and used.',
  Electronics: 'Phones, laptops, TVs, audio and home appliances.',
  Others: 'Everything that does not fit the other categories.',
};
