import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import type { ListingSort } from '#kernel/listing-sorts.ts';
import { COUNTIES, countyByCodeOrNull, townByIdOrNull, townId } from '#kernel/kenya-locations.ts';
import { OptionsSelect, type SelectGroup, type SelectOption } from '../OptionsSelect';
import {
  all,
  any,
  anyCounty,
  anySubcategory,
  anyTown,
  anyTownIn,
  applyFilters,
  county as countyText,
  filters,
  maxPrice,
  minPrice,
  rangeFrom,
  rangeTo,
  sortBest,
  sortBy,
  sortNewest,
  sortPriceAsc,
  sortPriceDesc,
  subcategories as subcategoriesLabel,
  subcategory as subcategoryText,
  town as townText,
} from '#messages/browse.ts';
import { ATTR_PARAM, findSubcategory, subcategoriesOf, SUBCATEGORY_GROUPS, subcategorySlug, type AttributeFilters, type SubcategoryDef } from '#kernel/subcategories.ts';

/** The sorts a visitor can pick, on /listings and on the category pages. */
export const SORT_OPTIONS: { value: ListingSort; label: string }[] = [
  { value: 'newest', label: sortNewest },
  // Ads with every search word in the title first, newest first within each (server/search/database/bounded-search.ts).
  { value: 'best', label: sortBest },
  { value: 'price_asc', label: sortPriceAsc },
  { value: 'price_desc', label: sortPriceDesc },
];

export type BrowseFilterValues = {
  category: string | null;
  search: string;
  location: string;
  /** A county's code ('047'), or null. */
  county?: string | null;
  /** A town's id ('westlands'), or null. */
  town?: string | null;
  minPrice?: number;
  maxPrice?: number;
  /** A subcategory's name, and filters on its fields (kernel/subcategories.ts). */
  subcategory?: string | null;
  attributes?: AttributeFilters;
  sort: string;
};

/** The query a browse page is at, without the page number: what a new filter keeps. */
export function activeFilters(v: BrowseFilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  if (v.search) out.search = v.search;
  if (v.category) out.category = v.category;
  if (v.location) out.location = v.location;
  if (v.county) out.county = v.county;
  if (v.town) out.town = v.town;
  if (v.minPrice !== undefined) out.minPrice = String(v.minPrice);
  if (v.maxPrice !== undefined) out.maxPrice = String(v.maxPrice);
  if (v.subcategory) out.subcategory = v.subcategory;
  for (const [key, value] of Object.entries(v.attributes ?? {})) {
    if (typeof value === 'string') out[`${ATTR_PARAM}${key}`] = value;
    else {
      if (value.min !== undefined) out[`${ATTR_PARAM}${key}.min`] = String(value.min);
      if (value.max !== undefined) out[`${ATTR_PARAM}${key}.max`] = String(value.max);
    }
  }
  if (v.sort && v.sort !== 'newest') out.sort = v.sort;
  return out;
}

/**
 * A GET form's fields without the empty ones (and without the default sort), so a search from
 * the page has a clean address (issue 42, point 3). Without JavaScript the form sends every
 * field and the server redirects to the clean address (cleanQuery in browse.ts). `action` is the
 * route's path (the page's own without one), never the form's action attribute: under a basename
 * (/sw) that attribute already holds it, and React Router would add it again (/sw/sw/listings).
 */
export function useCleanSubmit(action?: string) {
  const submit = useSubmit();
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Applied: the form closes, and the chips say what it did (as the page the server sends without JavaScript).
    e.currentTarget.closest('details')?.removeAttribute('open');
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v.trim() && !(k === 'sort' && v === 'newest')) params.set(k, v.trim());
    submit(params, { method: 'get', action });
  };
}

/** Hidden inputs that carry the filters a form does not show, so applying one keeps the others. An `except` ending in '.' is a prefix ('attr.'). */
export function KeepFilters({ values, except }: { values: BrowseFilterValues; except: string[] }) {
  return (
    <>
      {Object.entries(activeFilters(values))
        .filter(([k]) => !except.some((e) => (e.endsWith('.') ? k.startsWith(e) : k === e)))
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

/**
 * The place picker (issue 42, point 4): county, then town. Without JavaScript the town select
 * lists every town grouped by county (optgroups) and the server sets aside a town of another
 * county than the one picked, saying so (placeMismatch); with JavaScript the town list follows
 * the county, and picking a town picks its county. `idPrefix` keeps ids unique on the page.
 */
export function PlaceFilter({ county, town, idPrefix }: { county?: string | null; town?: string | null; idPrefix: string }) {
  const [live, setLive] = useState(false);
  const [picked, setPicked] = useState({ county: county ?? '', town: town ?? '' });
  useEffect(() => setLive(true), []);
  // A new address (a chip, Back) brings its own place.
  useEffect(() => setPicked({ county: county ?? '', town: town ?? '' }), [county, town]);
  // The first render is the server's (hydration); only then does the list follow the county.
  const towns = live ? townOptions(picked.county) : TOWN_OPTIONS;
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-county`} className="label">{countyText}</label>
        <OptionsSelect
          id={`${idPrefix}-county`}
          name="county"
          items={COUNTY_OPTIONS}
          selected={picked.county}
          className="input"
          onChange={(e) => {
            const code = e.currentTarget.value;
            setPicked((p) => ({ county: code, town: townByIdOrNull(p.town)?.countyCode === code ? p.town : '' }));
          }}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-town`} className="label">{townText}</label>
        <OptionsSelect
          id={`${idPrefix}-town`}
          name="town"
          items={towns}
          selected={picked.town}
          className="input"
          onChange={(e) => {
            const id = e.currentTarget.value;
            setPicked((p) => ({ county: townByIdOrNull(id)?.countyCode ?? p.county, town: id }));
          }}
        />
      </div>
    </>
  );
}

const COUNTY_OPTIONS: ReadonlyArray<SelectOption> = [{ value: '', label: anyCounty }, ...COUNTIES.map((c) => ({ value: c.code, label: c.name }))];
const TOWN_OPTIONS: ReadonlyArray<SelectOption | SelectGroup> = [
  { value: '', label: anyTown },
  ...COUNTIES.map((c) => ({ label: c.name, options: c.towns.map((t) => ({ value: townId(t), label: t })) })),
];
/** One list per county, made once (OptionsSelect writes a list's HTML once per array). */
const COUNTY_TOWNS = new Map<string, ReadonlyArray<SelectOption>>(
  COUNTIES.map((c) => [c.code, [{ value: '', label: `${anyTownIn}${c.name}` }, ...c.towns.map((t) => ({ value: townId(t), label: t }))]]),
);

function townOptions(countyCode: string): ReadonlyArray<SelectOption | SelectGroup> {
  return (countyByCodeOrNull(countyCode) && COUNTY_TOWNS.get(countyCode)) || TOWN_OPTIONS;
}

/**
 * A category's subcategories as links above its results (issue 18, point 5): one tap applies
 * one, keeping the page's other filters (not the previous subcategory's fields), and the page
 * then offers its fields. Without JavaScript this is the one-step way to the fields (a select
 * needs Apply first). Nothing when no category is chosen. `categoryInPath`: the address holds
 * the category (/category/<slug>), so the links leave it out of the query.
 */
export function SubcategoryLinks({ path, values, categoryInPath }: { path: string; values: BrowseFilterValues; categoryInPath: boolean }) {
  const subcategories = subcategoriesOf(values.category);
  if (subcategories.length === 0) return null;
  const keep = activeFilters({ ...values, category: categoryInPath ? null : values.category, subcategory: null, attributes: undefined });
  const href = (name: string | null) => {
    const query = new URLSearchParams(keep);
    if (name) query.set('subcategory', name);
    const s = query.toString();
    return s ? `${path}?${s}` : path;
  };
  const current = findSubcategory(values.subcategory)?.sub.name ?? null;
  const links = [{ name: null, label: all }, ...subcategories.map((s) => ({ name: s.name, label: s.name }))];
  return (
    <nav aria-label={subcategoriesLabel}>
      <ul className="flex gap-1 overflow-x-auto text-sm [scrollbar-width:none]">
        {links.map(({ name, label }) => (
          <li key={label} className="shrink-0">
            <Link
              to={href(name)}
              aria-current={current === name ? 'page' : undefined}
              className="block rounded-full border border-gray-300 px-3 py-1.5 text-gray-800 hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The subcategory filter and the chosen subcategory's field filters (issue 18, point 5), in a
 * plain GET form: a select of the category's subcategories (every one, grouped by category, when
 * no category is chosen), then its filters: one select per field of one value ("Any" first), a
 * text box per field filtered by its words, a from–to pair per range field. Without JavaScript
 * the fields come once a subcategory is applied (or picked from SubcategoryLinks); with it, as
 * soon as one is picked in the select.
 */
export function SubcategoryFilter({ values, idPrefix }: { values: BrowseFilterValues; idPrefix: string }) {
  const applied = findSubcategory(values.subcategory)?.sub ?? null;
  const [picked, setPicked] = useState(applied?.name ?? '');
  // A new address (a link, Back) brings its own subcategory.
  useEffect(() => setPicked(applied?.name ?? ''), [applied?.name]);
  const chosen = findSubcategory(picked)?.sub ?? null;
  const inCategory = values.category ? subcategoriesOf(values.category) : null;
  // The values in the address belong to the applied subcategory's fields only.
  const attrs = chosen && chosen === applied ? (values.attributes ?? {}) : {};
  const id = (key: string) => `${idPrefix}-attr-${subcategorySlug(chosen?.name ?? '')}-${key}`;
  return (
    <>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={`${idPrefix}-subcategory`} className="label">{subcategoryText}</label>
        <OptionsSelect
          id={`${idPrefix}-subcategory`}
          name="subcategory"
          items={subcategoryOptions(inCategory)}
          selected={chosen?.name ?? ''}
          onChange={(e) => setPicked(e.currentTarget.value)}
          className="input"
        />
      </div>
      {/* Keyed by the subcategory: another one's fields are new inputs, not these with old values. */}
      <Fragment key={chosen?.name ?? ''}>
        {(chosen?.attributes ?? [])
          .filter((def) => def.filter !== null)
          .map((def) => {
            const current = attrs[def.key];
            if (def.filter === 'words') {
              return (
                <div key={def.key}>
                  <label htmlFor={id(def.key)} className="label">{def.label}</label>
                  <input id={id(def.key)} name={`${ATTR_PARAM}${def.key}`} type="text" maxLength={def.maxLength} defaultValue={typeof current === 'string' ? current : ''} key={`${def.key}${String(current)}`} placeholder={def.placeholder} className="input" />
                </div>
              );
            }
            if (def.filter === 'equal') {
              return (
                <div key={def.key}>
                  <label htmlFor={id(def.key)} className="label">{def.label}</label>
                  <select id={id(def.key)} name={`${ATTR_PARAM}${def.key}`} defaultValue={typeof current === 'string' ? current : ''} key={`${def.key}${String(current)}`} className="input">
                    <option value="">{any}</option>
                    {(def.options ?? []).map((o) => (
                      <option key={o} value={o}>{o}</option>
                    ))}
                  </select>
                </div>
              );
            }
            const range = typeof current === 'object' ? current : {};
            const unit = def.unit ? ` (${def.unit})` : '';
            return [
              <div key={`${def.key}-min`}>
                <label htmlFor={id(`${def.key}-min`)} className="label">{`${def.label}${rangeFrom}${unit}`}</label>
                <input id={id(`${def.key}-min`)} name={`${ATTR_PARAM}${def.key}.min`} type="number" min={def.min} max={def.max} inputMode="numeric" defaultValue={range.min} key={`min${range.min}`} className="input" />
              </div>,
              <div key={`${def.key}-max`}>
                <label htmlFor={id(`${def.key}-max`)} className="label">{`${def.label}${rangeTo}${unit}`}</label>
                <input id={id(`${def.key}-max`)} name={`${ATTR_PARAM}${def.key}.max`} type="number" min={def.min} max={def.max} inputMode="numeric" defaultValue={range.max} key={`max${range.max}`} className="input" />
              </div>,
            ];
          })}
      </Fragment>
    </>
  );
}

const ANY_SUBCATEGORY: SelectOption = { value: '', label: anySubcategory };
const EVERY_SUBCATEGORY: ReadonlyArray<SelectOption | SelectGroup> = [ANY_SUBCATEGORY, ...SUBCATEGORY_GROUPS];
const subcategoryLists = new WeakMap<readonly SubcategoryDef[], ReadonlyArray<SelectOption>>();

/**
 * The subcategory select's list: a category's subcategories, or every one grouped by category.
 * The same array each time for the same list, because OptionsSelect writes a list's HTML once
 * per array: built afresh on each render, every results page escaped all 55 again.
 */
export function subcategoryOptions(inCategory: readonly SubcategoryDef[] | null): ReadonlyArray<SelectOption | SelectGroup> {
  if (!inCategory) return EVERY_SUBCATEGORY;
  let list = subcategoryLists.get(inCategory);
  if (!list) subcategoryLists.set(inCategory, (list = [ANY_SUBCATEGORY, ...inCategory.map((s) => ({ value: s.name, label: s.name }))]));
  return list;
}


/**
 * Subcategory, county and town, price range (Ksh) and sort for /listings and a category's page:
 * a plain GET form inside a disclosure, so it works without JavaScript; with it, empty fields and
 * the default sort stay out of the address. Closed by default, also with filters applied (issue
 * 42, point 3): the chips above say what is applied, and the first results stay on a phone's
 * first screen. `keep` is what the form carries along unseen (a category's page has its category
 * in the path, not in the query).
 */
export function BrowseFilters({ values, label, idPrefix = 'browse', keep = values }: { values: BrowseFilterValues; label?: string; idPrefix?: string; keep?: BrowseFilterValues }) {
  const onSubmit = useCleanSubmit();
  return (
    <details className="rounded-lg">
      <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">{filters}</summary>
      <Form method="get" aria-label={label} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" onSubmit={onSubmit}>
        <KeepFilters values={keep} except={['county', 'town', 'minPrice', 'maxPrice', 'sort', 'subcategory', ATTR_PARAM]} />
        <SubcategoryFilter values={values} idPrefix={idPrefix} />
        <PlaceFilter county={values.county} town={values.town} idPrefix={idPrefix} />
        <div>
          <label htmlFor={`${idPrefix}-min-price`} className="label">{minPrice}</label>
          <input id={`${idPrefix}-min-price`} name="minPrice" type="number" min={0} inputMode="numeric" defaultValue={values.minPrice} key={`min${values.minPrice}`} className="input" />
        </div>
        <div>
          <label htmlFor={`${idPrefix}-max-price`} className="label">{maxPrice}</label>
          <input id={`${idPrefix}-max-price`} name="maxPrice" type="number" min={0} inputMode="numeric" defaultValue={values.maxPrice} key={`max${values.maxPrice}`} className="input" />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${idPrefix}-sort`} className="label">{sortBy}</label>
          <select id={`${idPrefix}-sort`} name="sort" defaultValue={values.sort} key={values.sort} className="input">
            {SORT_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>{s.label}</option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex items-end sm:col-span-1">
          <button type="submit" className="btn-primary w-full">{applyFilters}</button>
        </div>
      </Form>
    </details>
  );
}
