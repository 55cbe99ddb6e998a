/** Kiswahili of kernel/i18n/en/reviews.ts, in the words of docs/swahili-glossary.md. */

export const outcomeDealDone = 'Tulikubaliana';
export const outcomeNoDeal = 'Hatukukubaliana';
export const reportFake = 'Ya uongo au si biashara ya kweli';
export const reportAbusive = 'Matusi au maneno ya kuudhi';
export const reportPrivate = 'Inaonyesha maelezo ya kibinafsi';
export const reportOther = 'Nyingine';
export const ownAd = 'Huwezi kutoa maoni kuhusu tangazo lako mwenyewe.';
export const noConversation = 'Unaweza kutoa maoni kuhusu muuzaji kwa tangazo tu ambalo mlizungumzia kwenye jumbe. Kwanza mwandikie muuzaji kutoka kwenye tangazo.';
export const noAnswer = 'Unaweza kutoa maoni kuhusu muuzaji huyu akishajibu jumbe zako kuhusu tangazo hili.';
/** "Maoni yanaweza kubadilishwa kwa siku 7 baada ya kuandikwa; ..." */
export const editClosedBefore = 'Maoni yanaweza kubadilishwa kwa siku ';
export const editClosedAfter = ' baada ya kuandikwa; haya hayawezi kubadilishwa tena.';
export const removed = 'Msimamizi ameondoa maoni yako kuhusu tangazo hili; hayawezi kubadilishwa.';
export const chooseStars = 'Tafadhali chagua nyota 1 hadi 5.';
export const chooseOutcome = 'Tafadhali sema kama mlikubaliana.';
/** "Tafadhali usizidishe herufi 500 kwenye maoni yako." */
export const tooLongBefore = 'Tafadhali maoni yako yasizidi herufi ';
export const charactersAfter = '.';
export const published = 'Asante: maoni yako yako kwenye ukurasa wa muuzaji.';
export const held = 'Asante: maoni yako yataonekana kwenye ukurasa wa muuzaji timu yetu ikishayakagua.';
export const updated = 'Maoni yako yamebadilishwa.';
export const notFound = 'Maoni hayapatikani.';
export const replyEmpty = 'Tafadhali andika jibu lako.';
export const replyTooLongBefore = 'Tafadhali jibu lako lisizidi herufi ';
export const replyOnce = 'Umeshajibu maoni haya.';
export const replyNotYours = 'Muuzaji peke yake ndiye anaweza kujibu maoni.';
export const replied = 'Jibu lako liko kwenye ukurasa wako.';
export const reportReason = 'Tafadhali chagua kwa nini unaripoti maoni haya.';
export const reportTooLongBefore = 'Tafadhali maelezo yasizidi herufi ';
export const reportNotParty = 'Muuzaji na mwandishi wa maoni peke yao ndio wanaweza kuyaripoti.';
export const reported = 'Asante. Timu yetu itaangalia maoni haya.';

export const reviewTitle = 'Toa maoni kuhusu muuzaji | Soko';
export const reviewHeading = 'Toa maoni kuhusu muuzaji';
export const aboutBetween = ', kuhusu';
export const seeReviews = 'Tazama maoni kuhusu muuzaji';
export const heldNote = 'Maoni yako yanasubiri ukaguzi wa timu yetu kabla ya kuonekana.';
export const dealQuestion = 'Mlikubaliana?';
export const yourReview = 'Maoni yako (si lazima)';
/** "Hadi herufi 500. Ukurasa wa muuzaji unayaonyesha ..." */
export const upToBefore = 'Hadi herufi ';
export const upToAfter = '. Ukurasa wa muuzaji unayaonyesha pamoja na jina lako la kwanza na herufi ya kwanza ya jina lako la pili.';
/** "Unaweza kubadilisha maoni yako hadi 6 Jan 2026." */
export const changeUntilBefore = 'Unaweza kubadilisha maoni yako hadi ';
export const changeUntilAfter = ' tu.';
/** "Unaweza kubadilisha maoni yako kwa siku 7 baada ya kuyaweka." */
export const changeForBefore = 'Unaweza kubadilisha maoni yako kwa siku ';
export const changeForAfter = ' baada ya kuyaweka.';
export const saveChanges = 'Hifadhi mabadiliko';
export const publishReview = 'Weka maoni';
export const stars = 'Nyota';
/** "nyota 1 kati ya 5", "nyota 3 kati ya 5" */
export const oneStar = 'nyota 1 kati ya 5';
export const starsBefore = 'nyota ';
export const starsAfter = ' kati ya 5';
export const reviewsOfBefore = 'Maoni kuhusu ';
/** "Amina W., kuhusu “Toyota Axio”, 6 Jan 2026" */
export const byAboutBefore = ', kuhusu \u201c';
export const byAboutAfter = '\u201d, tarehe ';
export const edited = ' (yamebadilishwa)';
export const replyFromBefore = 'Jibu kutoka kwa ';
export const reviewsPages = 'Kurasa za maoni';
export const newerReviews = 'Maoni mapya zaidi';
/** "Ukurasa 2 kati ya 5" */
export const pageBefore = 'Ukurasa ';
export const pageOf = ' kati ya ';
export const olderReviews = 'Maoni ya zamani zaidi';
/** "nyota 4 kati ya 5" */
export const ofFiveBefore = 'nyota ';
export const ofFiveAfter = ' kati ya 5';
export const yourReply = 'Jibu lako la wazi (moja tu)';
export const publishReply = 'Weka jibu';
export const reportReview = 'Ripoti maoni haya';
export const why = 'Kwa nini?';
export const chooseReason = 'Chagua sababu';
export const detailsOptional = 'Maelezo (si lazima)';
export const sendReport = 'Tuma ripoti';
