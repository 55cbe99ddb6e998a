/** Kiswahili of kernel/i18n/en/ad.ts, in the words of docs/swahili-glossary.md. */

export const safetyTip1 = 'Kutana na muuzaji mahali salama penye watu, wakati wa mchana.';
export const safetyTip2 = 'Kagua bidhaa na hati zake kabla ya kulipa.';
export const safetyTip3 = 'Usitume pesa mapema, kwa M-Pesa au njia nyingine, kwa mtu ambaye hujakutana naye.';
export const safetyTip4 = 'Kuwa mwangalifu na ofa zinazoonekana nzuri mno kuwa za kweli.';
export const safetyTip5 = 'Usimpe mtu maelezo yako ya kibinafsi au ya pesa.';

export const loadFailedBefore = 'Kuna tatizo upande wetu (kumbukumbu ';
export const loadFailedAfter = '). Tafadhali jaribu tena baadaye.';
export const listingNotFound = 'Tangazo halipatikani.';
export const unknownAction = 'Kitendo hakijulikani.';

export const goneTitle = 'Tangazo hili halipo tena | Soko';
export const notFoundTitle = 'Tangazo halipatikani | Soko';
export const loadFailedTitle = 'Imeshindwa kufungua tangazo | Soko';
export const goneDescription = 'Tangazo unalotafuta limeondolewa. Angalia matangazo yanayofanana kwenye Soko.';
export const priceIn = ', ';
export const priceNotSpecified = 'Bei haijatajwa';

export const goneHeading = 'Tangazo hili halipo tena';
export const goneRemoved = 'Muuzaji ameliondoa.';
export const goneOffOffer = 'Halipo sokoni tena.';
export const goneSimilar = ' Haya ni matangazo yanayofanana';
export const goneInCategory = ' katika ';
export const moreIn = 'Zaidi katika ';
export const browseListings = 'Angalia matangazo';
export const goHome = 'Nenda mwanzo';
export const similarAds = 'Matangazo yanayofanana';

export const posted = 'Imewekwa';
export const yourAd = 'Hili ni tangazo lako. ';
export const editIt = 'Libadilishe';
export const soldNotice = 'Imeuzwa. Bidhaa hii haipatikani tena';
export const soldSeeBelow = '; angalia matangazo yanayofanana hapa chini';
export const hiddenFromBuyers = ': wanunuzi hawawezi kuona tangazo hili.';
export const manageAds = 'Matangazo yangu';
export const details = 'Maelezo ya ziada';
export const description = 'Maelezo';
export const seller = 'Muuzaji';
export const notAvailable = 'Hakuna';
export const memberSince = 'Mwanachama tangu';
export const listings = 'Matangazo';
export const rating = 'Alama';
export const reviewSeller = 'Andika maoni kuhusu muuzaji huyu';
export const openConversation = 'Fungua mazungumzo yako na muuzaji';
export const contactAdvice = 'Usilipe kabla ya kuona bidhaa, na uhakikishe malipo ya M-Pesa kwenye programu ya M-Pesa, si kwa SMS.';
export const safeTradingTips = 'Ushauri wa kununua na kuuza salama';
export const listingActions = 'Vitendo vya tangazo';
export const adId = 'Nambari ya tangazo';
export const views = 'Imetazamwa mara';
export const safetyTips = 'Ushauri wa usalama';
export const messageSeller = 'Mtumie muuzaji ujumbe';
export const crumbHome = 'Mwanzo';
export const crumbAllListings = 'Matangazo yote';
export const somethingWrong = 'Kuna tatizo upande wetu. Tafadhali jaribu tena baadaye.';
export const failedToLoad = 'Imeshindwa kufungua tangazo: ';
export const maybeSold = 'Huenda limeuzwa au muuzaji ameliondoa.';

export const openPhoto = 'Fungua picha ya ';
export const photoOf = ' kati ya ';
export const moreBefore = ' (nyingine ';
export const moreAfter = ')';
export const morePhotos = 'Picha zaidi';
export const photosOf = 'Picha za ';
export const photosLabel = 'Picha';
export const titlePhoto = ', picha ya ';
export const close = 'Funga';
export const previousPhoto = 'Picha iliyotangulia';
export const nextPhoto = 'Picha inayofuata';
export const noPhotoAfter = ' (hakuna picha)';
export const noPhoto = 'Hakuna picha';

export const phoneLoadFailed = 'Imeshindwa kupata nambari ya simu. Tafadhali jaribu tena.';
export const networkError = 'Hitilafu ya mtandao. Tafadhali angalia muunganisho wako kisha ujaribu tena.';
export const noPhone = 'Muuzaji huyu hana nambari ya simu.';
export const noChat = 'Huwezi kumtumia muuzaji ujumbe: tangazo hili halina nambari ya simu.';
export const phoneHidden = 'Nambari ya simu imefichwa';
export const phoneShown = 'Nambari ya simu inaonyeshwa!';
export const openingWhatsApp = 'Inafungua WhatsApp ili umtumie muuzaji ujumbe!';
export const hidePhone = 'Ficha nambari';
export const showPhone = 'Onyesha nambari';
export const loading = 'Inapakia…';
export const chatOnWhatsApp = 'Ongea kwa WhatsApp';
export const call = 'Piga simu';
export const callBefore = 'Piga ';

export const reportThisAd = 'Ripoti tangazo hili';
export const reportWhy = 'Kwa nini unaripoti tangazo hili?';
export const reportAnythingElse = 'Kuna jambo jingine tunalopaswa kujua? (si lazima)';
export const sendReport = 'Tuma ripoti';

export const whatsAppGreeting = (p: { title: string }) => `Habari, nimevutiwa na tangazo lako "${p.title}" kwenye Soko. Bado inapatikana?`;

export const contactHeading = 'Jinsi wanunuzi wanavyokufikia';
export const contactShowPhone = 'Onyesha nambari yangu ya simu: wanunuzi wanaweza kunipigia, kunitumia WhatsApp au ujumbe';
export const contactMessagesOnly = 'Ujumbe tu: wanunuzi hawaoni nambari yangu na huniandikia kwenye Soko';
export const contactMessageEmails = 'Nitumie barua pepe ujumbe ukikaa bila kusomwa kwa dakika 10 (barua pepe moja kwa saa kwa kila mazungumzo, si zaidi)';
export const contactSaved = 'Mipangilio yako ya mawasiliano imehifadhiwa.';
export const adMessagesOnly = 'Muuzaji huyu anapokea ujumbe tu. Mwandikie hapa kwenye Soko.';
export const ownAdMessagesOnly = 'Wanunuzi wanakufikia kwa ujumbe tu: nambari yako haionyeshwi. Ibadilishe katika Maelezo yangu.';
export const noPhoneMessagesOnly = 'Muuzaji huyu anapokea ujumbe tu. Tumia Mtumie muuzaji ujumbe.';
export const unsubscribed = 'Hutapata tena barua pepe kuhusu jumbe ambazo hazijasomwa. Ziwashe tena katika Maelezo yangu.';
export const badUnsubscribeLink = 'Kiungo hiki cha kujiondoa si sahihi. Zima barua pepe za ujumbe katika Maelezo yangu badala yake.';
