import {
  carsVehiclesDescription,
  electronicsDescription,
  forSaleDescription,
  furnitureDescription,
  jobsDescription,
  othersDescription,
  petsDescription,
  propertyDescription,
  servicesDescription,
} from '#messages/categories.ts';
import { categoryLabel } from '#messages/labels/categories.ts';

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

/** A category's blurb on its page, in the build's language (#messages/categories.ts). */
export const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  'Cars & Vehicles': carsVehiclesDescription,
  'For Sale': forSaleDescription,
  Services: servicesDescription,
  Property: propertyDescription,
  Pets: petsDescription,
  Jobs: jobsDescription,
  Furniture: furnitureDescription,
  Electronics: electronicsDescription,
  Others: othersDescription,
};

/**
 * The label a category is shown by, by its stored name (which stays English in the database, the
 * URLs and the filters): a function in the Swahili build, undefined in the English one, whose
 * labels are the stored names. Write `categoryLabel?.(name) ?? name`: the English build compiles
 * that to `name`, not one byte more on the heaviest routes (docs/decisions/swahili-i18n.md).
 */
export { categoryLabel };

/** The label of a category, for code that runs on the server only (loaders): the stored name in English. */
export function categoryName(name: string): string {
  return categoryLabel?.(name) ?? name;
}
