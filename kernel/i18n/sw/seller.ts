/** Kiswahili of kernel/i18n/en/seller.ts. */
export const sellerNotFound = 'Muuzaji hapatikani';
export const sellerNotFoundTitle = 'Muuzaji hapatikani | Soko';
export const sellerNotFoundDescription = 'Hakuna muuzaji kwenye anwani hii ya Soko.';
export const sellerTitle = (p: { name: string; where: string; n: number; page: number }) =>
  `${p.name}${p.where ? `, ${p.where}` : ''}: ${p.n === 1 ? 'tangazo' : 'matangazo'} ${p.n}${p.page > 1 ? ` (ukurasa ${p.page})` : ''} | Soko`;
export const sellerDescription = (p: { name: string; where: string; since: string; n: number }) =>
  `Matangazo ya ${p.name}${p.where ? `, ${p.where}` : ''} kwenye Soko, mwanachama tangu ${p.since}. ${p.n === 1 ? 'Tangazo' : 'Matangazo'} ${p.n} ${p.n === 1 ? 'linaloendelea' : 'yanayoendelea'}.`;
export const location = 'Mahali';
export const notGiven = 'Haijatajwa';
export const memberSince = 'Mwanachama tangu';
export const activeAds = 'Matangazo yanayoendelea';
export const rating = 'Alama';
export const adsBy = 'Matangazo ya ';
export const noMoreAds = 'Hakuna matangazo zaidi kwenye ukurasa huu.';
export const noAds = 'Muuzaji huyu hana matangazo kwa sasa.';
export const unknownAction = 'Kitendo hakijulikani.';
export const somethingWentWrong = 'Kuna tatizo';
export const noSellerHere = 'Hakuna muuzaji kwenye anwani hii.';
export const tryLater = 'Tafadhali jaribu tena baadaye.';
export const browseListings = 'Angalia matangazo';
