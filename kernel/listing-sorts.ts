/** The orders results can be listed in (`sort=`), shared by the filters' select and the search. */
export const SORTS = ['newest', 'price_asc', 'price_desc', 'best'] as const;
export type ListingSort = (typeof SORTS)[number];
