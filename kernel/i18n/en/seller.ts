/** A seller's public page (app/routes/sellers/seller.tsx). Title and description are written by its loader. */
export const sellerNotFound = 'Seller not found';
export const sellerNotFoundTitle = 'Seller not found | Soko';
export const sellerNotFoundDescription = 'There is no seller at this address on Soko.';
export const sellerTitle = (p: { name: string; where: string; n: number; page: number }) =>
  `${p.name}${p.where ? ` in ${p.where}` : ''}: ${p.n} ad${p.n === 1 ? '' : 's'}${p.page > 1 ? ` (page ${p.page})` : ''} | Soko`;
export const sellerDescription = (p: { name: string; where: string; since: string; n: number }) =>
  `Ads by ${p.name}${p.where ? ` in ${p.where}` : ''} on Soko, a member since ${p.since}. ${p.n} active ad${p.n === 1 ? '' : 's'}.`;
export const location = 'Location';
export const notGiven = 'Not given';
export const memberSince = 'Member since';
export const activeAds = 'Active ads';
export const rating = 'Rating';
/** "Ads by Amina Wanjiru". */
export const adsBy = 'Ads by ';
export const noMoreAds = 'No more ads on this page.';
export const noAds = 'This seller has no ads right now.';
export const unknownAction = 'Unknown action.';
export const somethingWentWrong = 'Something went wrong';
export const noSellerHere = 'There is no seller at this address.';
export const tryLater = 'Please try again later.';
export const browseListings = 'Browse listings';
