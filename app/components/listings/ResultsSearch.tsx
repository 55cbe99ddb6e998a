import { Form } from 'react-router';
import { location, search, searchTerm } from '#messages/common.ts';
import { searchTheseResults } from '#messages/browse.ts';
import { KeepFilters, useCleanSubmit, type BrowseFilterValues } from './BrowseFilters';

type Props = {
  /** Where the form goes: /listings, /products or /category/<slug>. */
  action: string;
  values: BrowseFilterValues;
  /** "Search in Cars & Vehicles", or the site-wide wording. */
  placeholder: string;
  /** The filters that the address holds and the form must not send again (the category page's category). */
  except?: string[];
};

/**
 * The search box at the top of every results and category page (issue 42, point 3): the
 * words and the location, prefilled, so "toyota" becomes "toyota axio" in place. The page's
 * filters ride along as hidden fields: a new search keeps them (the chips below remove them).
 */
export function ResultsSearch({ action, values, placeholder, except = [] }: Props) {
  const onSubmit = useCleanSubmit(action);
  return (
    <Form method="get" action={action} role="search" aria-label={searchTheseResults} onSubmit={onSubmit} className="flex gap-2">
      <KeepFilters values={values} except={['search', 'location', ...except]} />
      <label htmlFor="results-search" className="sr-only">{searchTerm}</label>
      <input id="results-search" name="search" type="search" defaultValue={values.search} key={`s${values.search}`} placeholder={placeholder} className="input min-w-0 flex-[3]" autoComplete="off" enterKeyHint="search" />
      <label htmlFor="results-location" className="sr-only">{location}</label>
      <input id="results-location" name="location" type="text" defaultValue={values.location} key={`l${values.location}`} placeholder={location} className="input min-w-0 flex-[2]" autoComplete="address-level2" />
      <button type="submit" className="btn-primary shrink-0">{search}</button>
    </Form>
  );
}
