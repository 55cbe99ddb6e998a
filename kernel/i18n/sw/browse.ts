/** Kiswahili of kernel/i18n/en/browse.ts (docs/swahili-glossary.md): counts put the noun first (matangazo 12). */

// Home page.
export const homeTitle = 'Soko | Nunua na uza chochote Kenya';
export const homeDescription = 'Weka tangazo bure au pata bei nzuri karibu nawe: magari, nyumba, simu, fanicha, kazi na huduma kote Kenya.';
export const blankSearch = 'Tafadhali andika unachotafuta.';
export const searchAds = 'Tafuta matangazo';
export const searchSoko = 'Tafuta kwenye Soko';
export const searchPlaceholder = 'Tafuta magari, simu, nyumba...';
export const featuredFailedToast = 'Imeshindwa kupakia matangazo maalum.';
export const featuredListings = 'Matangazo maalum';
export const viewAllListings = 'Tazama matangazo yote';
export const loadingFeatured = 'Inapakia matangazo maalum...';
export const featuredFailed = 'Imeshindwa kupakia matangazo maalum. Tafadhali jaribu tena baadaye.';
export const noFeatured = 'Hakuna matangazo maalum kwa sasa.';
export const heroHeading = 'Nunua na uza chochote Kenya';
export const heroText = 'Maelfu ya matangazo kutoka kwa watu walio karibu nawe. Kuweka tangazo ni bure.';
export const browseCategories = 'Angalia aina';
export const categoriesFailed = 'Imeshindwa kupakia aina.';
export const notAvailable = 'Haijulikani';
export const sellFast = 'Uza haraka';
export const sellFastText = 'Weka tangazo lako kwa dakika chache uwafikie wanunuzi kote Kenya.';
export const getStarted = 'Anza sasa';
export const learnMore = 'Jifunze zaidi';

export const adCount = (p: { n: number; shown: string }) => `${p.n === 1 ? 'tangazo' : 'matangazo'} ${p.shown}`;
export const listingCount = (p: { n: number; shown: string }) => `${p.n === 1 ? 'tangazo' : 'matangazo'} ${p.shown}`;
export const nearPlace = (p: { place: string }) => ` karibu na ${p.place}`;
export const inCategory = (p: { category: string }) => ` katika ${p.category}`;

// Results pages: headings and titles.
export const allListings = 'Matangazo yote';
export const home = 'Mwanzo';
export const searchResultsFor = (p: { search: string }) => `Matokeo ya "${p.search}"`;
export const categoryListings = (p: { category: string }) => `Matangazo ya ${p.category}`;
export const wordsIn = (p: { words: string; what: string }) => `${p.words} katika ${p.what}`;
export const inPlace = (p: { shown: string; place: string }) => `${p.shown}, ${p.place}`;
export const noListingsFor = (p: { search: string; category: string; location: string }) =>
  `Hakuna matangazo ya ${[p.search ? `"${p.search}"` : '', p.category].filter(Boolean).join(' katika ') || 'aina zote'}${p.location ? ` karibu na ${p.location}` : ''}.`;
export const failureReason = (p: { reference: string }) => `kuna tatizo upande wetu (nambari ya kumbukumbu ${p.reference})`;
export const pageSuffix = (p: { n: number }) => ` (ukurasa ${p.n})`;
export const listingsDescription = (p: { heading: string; page: string }) => `${p.heading}${p.page} kwenye Soko, soko la matangazo la Kenya: magari, nyumba, simu, fanicha, kazi na zaidi.`;
export const allListingsDescription = 'Matangazo yote kwenye Soko, soko la matangazo la Kenya: magari, nyumba, simu, fanicha, kazi na zaidi.';
export const categoryTitle = (p: { category: string; page: string }) => `${p.category} Kenya${p.page} | Soko`;
export const categoryListName = (p: { category: string }) => `Matangazo ya ${p.category}`;
export const searchInCategory = (p: { category: string }) => `Tafuta katika ${p.category}`;
export const filterCategory = (p: { category: string }) => `Chuja ${p.category}`;
export const categoryLoadFailed = 'Kuna tatizo upande wetu. Tafadhali jaribu tena baadaye.';
export const categoryNotFoundTitle = 'Aina haipatikani | Soko';
export const categoryNotFoundDescription = 'Hakuna aina kama hiyo kwenye Soko.';
export const broaderLabel = (p: { n: number; shown: string; search: string; anywhere: boolean }) =>
  `${p.n === 1 ? 'tangazo' : 'matangazo'} ${p.shown}${p.search ? ` ya "${p.search}"` : ''} ${p.anywhere ? 'kote Kenya' : 'katika aina zote'}`;
export const chipFrom = (p: { label: string; value: string }) => `${p.label} kuanzia ${p.value}`;
export const chipUpTo = (p: { label: string; value: string }) => `${p.label} hadi ${p.value}`;
export const chipMinPrice = (p: { price: string }) => `Kuanzia Ksh ${p.price}`;
export const chipMaxPrice = (p: { price: string }) => `Hadi Ksh ${p.price}`;

// Results pages: what their script shows.
export const loadingListings = 'Inapakia matangazo...';
export const listingsFailedToast = 'Imeshindwa kupakia matangazo.';
export const listingsFailedBefore = 'Imeshindwa kupakia matangazo: ';
export const listingsFailedAfter = '. Tafadhali jaribu tena baadaye.';
export const noMoreAds = 'Hakuna matangazo zaidi hapa. ';
export const backToFirstPage = 'Rudi ukurasa wa kwanza';
export const postOneNow = 'Weka tangazo sasa!';
export const categoryNotFound = 'Aina haipatikani';
export const noSuchCategoryBefore = 'Hakuna aina inayoitwa “';
export const noSuchCategoryAfter = '”. Chagua mojawapo ya zetu.';
export const browseAllListings = 'Angalia matangazo yote';
export const categoryFailedBefore = 'Imeshindwa kupakia matangazo ya ';
export const noMatchInCategory = 'Hakuna matangazo yanayolingana na utafutaji wako katika aina hii.';
export const noneInCategory = 'Bado hakuna matangazo katika aina hii.';
export const createListing = 'Weka tangazo';
export const loading = 'Inapakia...';
export const loadMore = 'Onyesha zaidi';
export const previousPage = 'Ukurasa uliopita';
export const searchTheseResults = 'Tafuta katika matokeo haya';
export const showingResultsFor = 'Inaonyesha matokeo ya ';
export const searchInsteadFor = '; badala yake tafuta';
export const didYouMean = 'Ulimaanisha';

// Filters and chips.
export const sortNewest = 'Mapya kwanza';
export const sortBest = 'Yanayolingana zaidi';
export const sortPriceAsc = 'Bei: ya chini kwanza';
export const sortPriceDesc = 'Bei: ya juu kwanza';
export const county = 'Kaunti';
export const town = 'Mji';
export const anyCounty = 'Kaunti yoyote';
export const anyTown = 'Mji wowote';
export const anyTownIn = 'Mji wowote wa ';
export const all = 'Zote';
export const subcategories = 'Aina ndogo';
export const subcategory = 'Aina ndogo';
export const any = 'Yoyote';
export const rangeFrom = ' kuanzia';
export const rangeTo = ' hadi';
export const anySubcategory = 'Aina ndogo yoyote';
export const filters = 'Chuja';
export const minPrice = 'Bei ya chini (Ksh)';
export const maxPrice = 'Bei ya juu (Ksh)';
export const sortBy = 'Panga kwa';
export const applyFilters = 'Chuja sasa';
export const category = 'Aina';
export const allCategories = 'Aina zote';
export const apply = 'Tumia';
export const appliedFilters = 'Vichujio vilivyowekwa';
export const removeFilter = 'Ondoa kichujio: ';
export const pagination = 'Kurasa';
export const previous = 'Nyuma';
export const next = 'Mbele';
export const pageOfBefore = 'Ukurasa ';
export const pageOfMiddle = ' kati ya ';

// Cards and their buttons.
export const featured = 'Maalum';
export const priceNegotiable = 'Bei ya maelewano';
export const sellerNoReviews = 'Muuzaji: ';
export const seller = 'Muuzaji';
export const reviewsOpen = ' (maoni ';
export const reviewOne = ')';
export const reviewMany = ')';
export const saved = 'Imehifadhiwa';
export const save = 'Hifadhi';
export const saveAd = 'Hifadhi ';
export const searchSaved = 'Utafutaji umehifadhiwa';
export const saveThisSearch = 'Hifadhi utafutaji huu';
export const shareFailed = 'Imeshindwa kushiriki tangazo.';
export const share = 'Shiriki';
export const shareThisAd = 'Shiriki tangazo hili';
export const email = 'Barua pepe';
export const linkToThisAd = 'Kiungo cha tangazo hili';
export const shared = 'Tangazo limeshirikiwa!';
export const linkCopied = 'Kiungo cha tangazo kimenakiliwa!';
export const verifiedPhone = 'Simu imethibitishwa';

// Places and the header's search suggestions.
export const allOf = 'Kaunti nzima ya ';
export const placePlaceholder = 'Mji au kaunti, mfano Westlands';
export const selectPlace = 'Chagua mji au kaunti';
export const suggestions = 'Mapendekezo';
export const suggestionCategory = 'Aina';

// Ratings.
export const noReviews = 'Bado hakuna maoni';
export const ratingOutOf5 = (p: { rating: string; n: number }) => `${p.rating} kati ya 5 (maoni ${p.n})`;
