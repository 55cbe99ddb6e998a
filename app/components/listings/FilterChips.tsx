import { Link } from 'react-router';
import { groupDigits } from '#kernel/format.ts';
import { ATTR_PARAM, findSubcategory } from '#kernel/subcategories.ts';
import { countyByCodeOrNull, townByIdOrNull } from '#kernel/kenya-locations.ts';
import { categoryName } from '#kernel/categories.ts';
import { appliedFilters, chipFrom, chipMaxPrice, chipMinPrice, chipUpTo, removeFilter } from '#messages/browse.ts';
import { activeFilters, SORT_OPTIONS, type BrowseFilterValues } from './BrowseFilters';

export type Chip = { label: string; href: string };

/**
 * The applied filters as chips (issue 42, point 3): each one a plain link to the same results
 * without it, so one tap removes it with or without JavaScript. The search words and location
 * are not chips: they sit in the search box above. `categoryInPath`: the page's address holds
 * the category (/category/<slug>), which is no chip there.
 */
export function filterChips(path: string, values: BrowseFilterValues, categoryInPath: boolean): Chip[] {
  const current = activeFilters({ ...values, category: categoryInPath ? null : values.category });
  const without = (drop: (key: string) => boolean) => {
    const query = new URLSearchParams(Object.entries(current).filter(([k]) => !drop(k))).toString();
    return `${path}${query ? `?${query}` : ''}#results`;
  };
  const sub = findSubcategory(values.subcategory)?.sub ?? null;
  const chips: Chip[] = [];
  // A subcategory and its fields belong to the category: removing it removes them.
  if (current.category) chips.push({ label: categoryName(current.category), href: without((k) => k === 'category' || k === 'subcategory' || k.startsWith(ATTR_PARAM)) });
  if (sub) chips.push({ label: sub.name, href: without((k) => k === 'subcategory' || k.startsWith(ATTR_PARAM)) });
  for (const key of Object.keys(current).filter((k) => k.startsWith(ATTR_PARAM))) {
    const [field = '', end] = key.slice(ATTR_PARAM.length).split('.', 2);
    const def = sub?.attributes.find((d) => d.key === field);
    const value = current[key]!;
    const shown = def?.unit && end ? `${groupDigits(Number(value))} ${def.unit}` : end ? groupDigits(Number(value)) : value;
    const name = def?.label ?? field;
    const label = end === 'min' ? chipFrom({ label: name, value: shown }) : end === 'max' ? chipUpTo({ label: name, value: shown }) : `${name}: ${shown}`;
    chips.push({ label, href: without((k) => k === key) });
  }
  const town = townByIdOrNull(current.town);
  const county = countyByCodeOrNull(current.county);
  if (county) chips.push({ label: county.name, href: without((k) => k === 'county') });
  if (town) chips.push({ label: town.name, href: without((k) => k === 'town') });
  if (current.minPrice !== undefined) chips.push({ label: chipMinPrice({ price: groupDigits(Number(current.minPrice)) }), href: without((k) => k === 'minPrice') });
  if (current.maxPrice !== undefined) chips.push({ label: chipMaxPrice({ price: groupDigits(Number(current.maxPrice)) }), href: without((k) => k === 'maxPrice') });
  const sort = SORT_OPTIONS.find((s) => s.value === current.sort);
  if (sort) chips.push({ label: sort.label, href: without((k) => k === 'sort') });
  return chips;
}

/** The chips as the loader wrote them (filterChips runs on the server only: the page's script carries none of it). */
export function FilterChips({ chips }: { chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    // One row that scrolls sideways on a phone: the results stay on the first screen however many filters apply.
    <ul aria-label={appliedFilters} className="-mx-4 flex gap-1.5 overflow-x-auto px-4 text-sm [scrollbar-width:none]">
      {chips.map((c) => (
        <li key={c.label} className="shrink-0">
          <Link to={c.href} preventScrollReset aria-label={`${removeFilter}${c.label}`} className="filter-chip whitespace-nowrap">
            {c.label}
            <span aria-hidden="true" className="text-base leading-none">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
