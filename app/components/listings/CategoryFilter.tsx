import { useEffect, useState } from 'react';
import { Form, useSubmit } from 'react-router';
import { CATEGORIES, categoryLabel } from '#kernel/categories.ts';
import { allCategories, apply, category } from '#messages/browse.ts';
import { KeepFilters, type BrowseFilterValues } from './BrowseFilters';

type Props = {
  /** The page's filters: the others are kept when the category changes; the page goes back to 1. */
  values: BrowseFilterValues;
};

/**
 * The category dropdown with All Categories. A plain GET form with an Apply button works
 * without JavaScript; once hydrated, changing the choice submits at once and the button is
 * visually hidden (still reachable by keyboard and screen readers). On a phone the form has a
 * row of its own, so hiding the button widens the select instead of moving the results up
 * (a layout shift of 0.17 on /listings at 412 px, measured by Lighthouse).
 */
export function CategoryFilter({ values }: Props) {
  const selected = values.category;
  const submit = useSubmit();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form
      method="get"
      className="flex w-full items-end gap-2 sm:w-auto"
      onChange={(e) => {
        // Only the non-empty values, so "All Categories" gives a clean /listings address.
        const params = new URLSearchParams();
        for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v) params.set(k, v);
        submit(params, { method: 'get' });
      }}
    >
      {/* A subcategory and its fields belong to the category: a new category drops them. */}
      <KeepFilters values={values} except={['category', 'subcategory', 'attr.']} />
      <div className="min-w-0 flex-1 sm:w-64 sm:flex-none">
        {/* Named for screen readers; its first option, All Categories, says what it is (a visible label cost a phone's first screen a line). */}
        <label htmlFor="category-filter" className="sr-only">{category}</label>
        <select key={selected ?? ''} id="category-filter" name="category" defaultValue={selected ?? ''} className="input">
          <option value="">{allCategories}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>{categoryLabel?.(c) ?? c}</option>
          ))}
        </select>
      </div>
      <button type="submit" className={hydrated ? 'sr-only' : 'btn-secondary'}>{apply}</button>
    </Form>
  );
}
