/** Kiswahili of kernel/i18n/en/saved.ts, in the words of docs/swahili-glossary.md. */

export const adSaved = 'Tangazo limehifadhiwa. Lipate kwenye Matangazo uliyohifadhi.';
export const adRemoved = 'Limeondolewa kwenye Matangazo uliyohifadhi.';

export const freqOff = 'Bila barua pepe';
export const freqInstant = 'Barua pepe papo hapo';
export const freqDaily = 'Muhtasari kila siku';
export const searchSaved = 'Utafutaji umehifadhiwa. Upate kwenye Utafutaji uliohifadhi.';
export const searchSavedHere = 'Utafutaji umehifadhiwa. Matangazo mapya yanayolingana utatumiwa kwa barua pepe kila siku; badilisha hapa chini.';
export const alreadySaved = 'Umeshahifadhi utafutaji huu.';
/** "Unaweza kuhifadhi hadi utafutaji 50. Futa mmoja ili uhifadhi mwingine." */
export const fullBefore = 'Unaweza kuhifadhi hadi utafutaji ';
export const fullAfter = '. Futa mmoja ili uhifadhi mwingine.';
export const searchNotFound = 'Utafutaji uliohifadhiwa haupatikani.';
export const alertUpdated = 'Arifa imebadilishwa.';
export const searchDeleted = 'Utafutaji uliohifadhiwa umefutwa.';
export const badFrequency = 'Chagua mara ngapi upate arifa: bila, papo hapo au kila siku.';
export const unsubscribed = 'Hutapata tena barua pepe za utafutaji huu.';
export const badLink = 'Kiungo hiki cha kujiondoa si sahihi. Fungua Utafutaji uliohifadhi kubadilisha arifa zako.';
export const allAds = 'Matangazo yote';
export const labelIn = 'katika ';
export const labelNear = 'karibu na ';
export const labelTo = ' hadi ';
export const labelFrom = 'kuanzia ';
export const labelUpTo = 'hadi ';
export const attrFrom = ' kuanzia ';
export const attrUpTo = ' hadi ';
export const sortBest = 'yanayolingana zaidi';
export const sortCheapest = 'bei ya chini kwanza';
export const sortDearest = 'bei ya juu kwanza';

export const savedAds = 'Matangazo uliyohifadhi';
export const savedAdsDescription = 'Matangazo uliyohifadhi kwenye Soko, mahali pamoja.';
export const noLongerAvailable = 'Halipatikani tena';
export const goneReason = 'Limeuzwa, limeisha muda au limeondolewa.';
export const remove = 'Ondoa';
export const nothingSaved = 'Bado hujahifadhi chochote.';
/** "Matangazo uliyohifadhi: 3. Mapya kwanza." / "...: 1. Jipya kwanza." */
export const savedCountBefore = 'Matangazo uliyohifadhi: ';
export const savedCountAfter = '.';
export const savedCountOne = ' Jipya';
export const savedCountMany = ' Mapya';
export const savedCountEnd = ' kwanza.';
/** "Gusa [Hifadhi] kwenye tangazo lolote ili kulihifadhi hapa." */
export const tapBefore = 'Gusa ';
export const saveWord = 'Hifadhi';
export const tapAfter = ' kwenye tangazo lolote ili kulihifadhi hapa.';
export const browseAllListings = 'Tazama matangazo yote';

export const savedSearches = 'Utafutaji uliohifadhi';
export const savedSearchesDescription = 'Utafutaji uliohifadhi kwenye Soko na arifa zake za barua pepe.';
export const noNewAds = 'Hakuna matangazo mapya tangu ulipotembelea mara ya mwisho';
/** "Mapya: 3 tangu ulipotembelea mara ya mwisho" (the same for one). */
export const newCountBefore = 'Mapya: ';
export const newCountAfter = ' tangu';
export const newCountOne = ' ulipotembelea';
export const newCountMany = ' ulipotembelea';
export const newCountEnd = ' mara ya mwisho';
export const emailAlerts = 'Arifa za barua pepe';
export const alertsForBefore = ' za ';
export const update = 'Badilisha';
export const updateAlertsForBefore = ' arifa za ';
export const deleteLabel = 'Futa';
export const noSavedSearches = 'Bado hujahifadhi utafutaji wowote.';
/** "Utafutaji uliohifadhi: 3 kati ya 50. Tunakutumia ..." */
export const searchesCountBefore = 'Utafutaji uliohifadhi: ';
export const searchesCountOf = ' kati ya ';
export const searchesCountAfter = '. Tunakutumia kwa barua pepe matangazo mapya yanayolingana, mara unavyochagua.';
/** "Tafuta kitu, kisha gusa [Hifadhi utafutaji huu] ili uambiwe matangazo mapya." */
export const searchThenTapBefore = 'Tafuta kitu, kisha gusa ';
export const saveThisSearch = 'Hifadhi utafutaji huu';
export const searchThenTapAfter = ' ili uambiwe matangazo mapya.';

export const savedAdsTitle = 'Matangazo uliyohifadhi | Soko';
export const adNotSaved = 'Tangazo halikuhifadhiwa';
export const adNotSavedHint = 'Tumia kitufe cha Hifadhi kwenye tangazo ili kulihifadhi.';
export const listingNotFound = 'Tangazo halipatikani.';
export const savedSearchesTitle = 'Utafutaji uliohifadhi | Soko';
export const searchNotSaved = 'Utafutaji haukuhifadhiwa';
export const searchNotSavedHint = 'Tumia "Hifadhi utafutaji huu" kwenye ukurasa wa matokeo ili kuuhifadhi.';

export const unsubscribeTitle = 'Jiondoe | Soko';
export const unsubscribeHeading = 'Jiondoe kwenye arifa hii';
/** "Tuache kukutumia barua pepe za utafutaji wako <b>label</b>? ..." */
export const stopBefore = 'Tuache kukutumia barua pepe za utafutaji wako ';
export const stopAfter = '? Utafutaji utabaki kwenye Utafutaji uliohifadhi; unaweza kuwasha arifa zake tena huko.';
export const unsubscribe = 'Jiondoe';
export const listsEveryAfter = ' (lazima uingie) inaonyesha kila utafutaji na arifa zake.';
