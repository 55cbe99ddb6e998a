/**
 * Browsing: the home page, /listings and /products, the category pages, the cards, filters,
 * chips, pagination, search help, save and share buttons (English: the specification's words).
 * Texts the page's script shows are constants (split around a value where Swahili orders the
 * words otherwise); texts only loaders write (headings, chips, counts, titles) may be functions,
 * since no page's script carries them.
 */

// Home page.
export const homeTitle = 'Soko | Buy and sell anything in Kenya';
export const homeDescription = 'Post a free ad or find great deals near you: cars, property, phones, furniture, jobs and services across Kenya.';
export const blankSearch = 'Please enter a search query.';
export const searchAds = 'Search ads';
export const searchSoko = 'Search Soko';
export const searchPlaceholder = 'Search cars, phones, houses...';
export const featuredFailedToast = 'Failed to load featured listings.';
export const featuredListings = 'Featured Listings';
export const viewAllListings = 'View All Listings';
export const loadingFeatured = 'Loading featured ads...';
export const featuredFailed = 'Failed to load featured listings. Please try again later.';
export const noFeatured = 'No featured listings found at the moment.';
export const heroHeading = 'Buy and sell anything in Kenya';
export const heroText = 'Thousands of ads from people near you. Posting is free.';
export const browseCategories = 'Browse Categories';
export const categoriesFailed = 'Failed to load categories.';
export const notAvailable = 'N/A';
export const sellFast = 'Sell Fast';
export const sellFastText = 'Post your ad in minutes and reach buyers across Kenya.';
export const getStarted = 'Get Started';
export const learnMore = 'Learn More';

/** "1,234 ads" ("1,234+" when the count stopped at its cap): loaders write it. */
export const adCount = (p: { n: number; shown: string }) => `${p.shown} ${p.n === 1 ? 'ad' : 'ads'}`;
/** "12 listings" on a category page: loaders write it. */
export const listingCount = (p: { n: number; shown: string }) => `${p.shown} ${p.n === 1 ? 'listing' : 'listings'}`;
/** " near Nairobi", " in Electronics" after the results count. */
export const nearPlace = (p: { place: string }) => ` near ${p.place}`;
export const inCategory = (p: { category: string }) => ` in ${p.category}`;

// Results pages (/listings, /products, /category/:slug): headings and titles, written by loaders.
export const allListings = 'All Listings';
export const home = 'Home';
export const searchResultsFor = (p: { search: string }) => `Search Results for "${p.search}"`;
export const categoryListings = (p: { category: string }) => `${p.category} Listings`;
/** "Toyota Cars": the words searched, then the subcategory or category. */
export const wordsIn = (p: { words: string; what: string }) => `${p.words} ${p.what}`;
export const inPlace = (p: { shown: string; place: string }) => `${p.shown} in ${p.place}`;
export const noListingsFor = (p: { search: string; category: string; location: string }) =>
  `No listings found for ${[p.search ? `"${p.search}"` : '', p.category].filter(Boolean).join(' in ') || 'all categories'}${p.location ? ` near ${p.location}` : ''}.`;
export const failureReason = (p: { reference: string }) => `something went wrong on our side (reference ${p.reference})`;
export const pageSuffix = (p: { n: number }) => ` (page ${p.n})`;
export const listingsDescription = (p: { heading: string; page: string }) => `${p.heading}${p.page} on Soko, Kenya's classifieds marketplace: cars, property, phones, furniture, jobs and more.`;
export const allListingsDescription = "All Listings on Soko, Kenya's classifieds marketplace: cars, property, phones, furniture, jobs and more.";
export const categoryTitle = (p: { category: string; page: string }) => `${p.category} in Kenya${p.page} | Soko`;
export const categoryListName = (p: { category: string }) => `${p.category} listings`;
export const searchInCategory = (p: { category: string }) => `Search in ${p.category}`;
export const filterCategory = (p: { category: string }) => `Filter ${p.category}`;
export const categoryLoadFailed = 'Something went wrong on our side. Please try again later.';
export const categoryNotFoundTitle = 'Category not found | Soko';
export const categoryNotFoundDescription = 'There is no such category on Soko.';
/** Search help (issue 42): "12 ads for "toyota" anywhere in Kenya". */
export const broaderLabel = (p: { n: number; shown: string; search: string; anywhere: boolean }) =>
  `${p.shown} ${p.n === 1 ? 'ad' : 'ads'}${p.search ? ` for "${p.search}"` : ''} ${p.anywhere ? 'anywhere in Kenya' : 'in all categories'}`;
/** Chips: "Mileage from 10,000 km", "Mileage up to 90,000 km", "From Ksh 1,000", "Up to Ksh 5,000". */
export const chipFrom = (p: { label: string; value: string }) => `${p.label} from ${p.value}`;
export const chipUpTo = (p: { label: string; value: string }) => `${p.label} up to ${p.value}`;
export const chipMinPrice = (p: { price: string }) => `From Ksh ${p.price}`;
export const chipMaxPrice = (p: { price: string }) => `Up to Ksh ${p.price}`;

// Results pages: what their script shows.
export const loadingListings = 'Loading listings...';
export const listingsFailedToast = 'Failed to load listings.';
export const listingsFailedBefore = 'Failed to load listings: ';
export const listingsFailedAfter = '. Please try again later.';
export const noMoreAds = 'There are no more ads here. ';
export const backToFirstPage = 'Back to the first page';
export const postOneNow = 'Post one now!';
export const categoryNotFound = 'Category not found';
export const noSuchCategoryBefore = 'There is no category called “';
export const noSuchCategoryAfter = '”. Pick one of ours instead.';
export const browseAllListings = 'Browse all listings';
export const categoryFailedBefore = 'Failed to load listings for ';
export const noMatchInCategory = 'No listings match your search in this category.';
export const noneInCategory = 'No listings in this category yet.';
export const createListing = 'Create a Listing';
export const loading = 'Loading...';
export const loadMore = 'Load More';
export const previousPage = 'Previous page';
export const searchTheseResults = 'Search these results';
export const showingResultsFor = 'Showing results for ';
export const searchInsteadFor = '; search instead for';
export const didYouMean = 'Did you mean';

// Filters and chips.
export const sortNewest = 'Newest first';
export const sortBest = 'Best match';
export const sortPriceAsc = 'Price: low to high';
export const sortPriceDesc = 'Price: high to low';
export const county = 'County';
export const town = 'Town';
export const anyCounty = 'Any county';
export const anyTown = 'Any town';
/** "Any town in Nairobi City". */
export const anyTownIn = 'Any town in ';
export const all = 'All';
export const subcategories = 'Subcategories';
export const subcategory = 'Subcategory';
export const any = 'Any';
/** After a field's label: "Year from", "Year to". */
export const rangeFrom = ' from';
export const rangeTo = ' to';
export const anySubcategory = 'Any subcategory';
export const filters = 'Filters';
export const minPrice = 'Min price (Ksh)';
export const maxPrice = 'Max price (Ksh)';
export const sortBy = 'Sort by';
export const applyFilters = 'Apply filters';
export const category = 'Category';
export const allCategories = 'All Categories';
export const apply = 'Apply';
export const appliedFilters = 'Applied filters';
export const removeFilter = 'Remove filter: ';
export const pagination = 'Pagination';
export const previous = 'Previous';
export const next = 'Next';
/** "Page 2 of 5". */
export const pageOfBefore = 'Page ';
export const pageOfMiddle = ' of ';

// Cards and their buttons.
export const featured = 'Featured';
export const priceNegotiable = 'Price negotiable';
export const sellerNoReviews = 'Seller: ';
export const seller = 'Seller';
/** "(12 reviews)" after the seller's average: before the count, and after it with the closing bracket. */
export const reviewsOpen = ' (';
export const reviewOne = ' review)';
export const reviewMany = ' reviews)';
export const saved = 'Saved';
export const save = 'Save';
/** The heart's label: "Save Toyota Axio 2015". */
export const saveAd = 'Save ';
export const searchSaved = 'Search saved';
export const saveThisSearch = 'Save this search';
export const shareFailed = 'Failed to share listing.';
export const share = 'Share';
export const shareThisAd = 'Share this ad';
export const email = 'Email';
export const linkToThisAd = 'Link to this ad';
export const shared = 'Listing shared successfully!';
export const linkCopied = 'Listing link copied to clipboard!';
export const verifiedPhone = 'Verified phone';

// Places (LocationPicker) and the header's search suggestions.
/** "All of Nairobi City". */
export const allOf = 'All of ';
export const placePlaceholder = 'Town or county, e.g. Westlands';
export const selectPlace = 'Select a town or county';
export const suggestions = 'Suggestions';
export const suggestionCategory = 'Category';

// Ratings (kernel/rating-text.ts).
export const noReviews = 'No reviews yet';
/** "4.3 out of 5 (12 reviews)". */
export const ratingOutOf5 = (p: { rating: string; n: number }) => `${p.rating} out of 5 (${p.n} review${p.n === 1 ? '' : 's'})`;
