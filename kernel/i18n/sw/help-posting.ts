/** Kiswahili of kernel/i18n/en/help-posting.ts, in the words of docs/swahili-glossary.md. */

export const metaTitle = 'Maelekezo: kuweka matangazo';
export const description = 'Jinsi ya kuweka tangazo linalouza kwenye Soko: picha nzuri, kichwa na bei wazi, maelezo ya kweli, na kufanya tangazo lako kuwa maalum kwa Ksh 200 kwa wiki kupitia M-Pesa au kadi.';
export const title = 'Kuweka matangazo';
export const lead = 'Kuweka tangazo kwenye Soko ni bure na kunachukua dakika chache. Hivi ndivyo unavyofanya, na jinsi ya kufanya tangazo lako lionekane zaidi.';

export const stepsHeading = 'Weka tangazo lako hatua kwa hatua';
export const step1a = 'Gusa ';
export const postAd = 'Weka tangazo';
export const step1b = ' juu ya ukurasa wowote. Kama hujaingia, utaombwa uingie au ';
export const createFreeAccount = 'ufungue akaunti ya bure';
export const step1c = ' kwanza, kisha utarudi moja kwa moja kwenye fomu.';
export const titleLabel = 'Kichwa';
export const step2 = ': sema hasa ni kitu gani, mfano “Toyota Axio 2014, 1500cc, usajili KCX” au “Nyumba ya vyumba 2 vya kulala ya kupangisha, Kilimani”.';
export const categoryLabel = 'Aina';
export const step3 = ': chagua iliyo karibu zaidi, kama Magari na usafiri, Nyumba na mashamba, Elektroniki au Kazi, ili wanunuzi wanaoangalia aina hiyo wakupate.';
export const priceLabel = 'Bei na sarafu';
export const step4 = ': matangazo mengi hutumia Ksh. Unaweza kuacha bei wazi: wanunuzi wataona “Bei ya maelewano”, lakini matangazo yenye bei wazi hupata simu nyingi za wanunuzi wa kweli. Unaweza kuiacha wazi pia unapobadilisha tangazo.';
export const locationLabel = 'Mahali';
export const step5 = ': mji na eneo lako, mfano “Nakuru, Milimani”. Usiweke kamwe nyumba yako kamili.';
export const descriptionLabel = 'Maelezo';
export const step6 = ': hali yake, umri wake, kinachokuja nacho, kwa nini unauza, na lini wanunuzi wanaweza kuja kukiona.';
export const photosLabel = 'Picha';
export const step7a = ': angalau moja na hadi 10. Picha ya kwanza ndiyo ya jalada ambayo wanunuzi wanaiona kwenye orodha; gusa ';
export const cover = 'Jalada';
export const step7b = ' kwenye picha nyingine ili iwe ya jalada, na utumie mishale kubadilisha mpangilio.';
export const step8a = 'Gusa ';
export const createListing = 'Unda tangazo';
export const step8b = '. Tangazo lako linaonekana mara moja: unaweza kuliona, kuweka jingine au kulifanya maalum papo hapo, na linaonekana kwenye ';
export const manageMyAds = 'Matangazo yangu';

export const photosHeading = 'Picha zinazouza';
export const photos1 = 'Piga picha wakati wa mchana, karibu na dirisha au nje. Safisha bidhaa kwanza.';
export const photos2 = 'Onyesha bidhaa nzima kwanza, kisha sehemu zake: skrini ikiwa imewashwa, injini, kipima kilomita, mikwaruzo yoyote.';
export const photos3 = 'Tumia picha zako mwenyewe. Wanunuzi huamini picha halisi kuliko picha zilizonakiliwa kutoka kwenye mtandao.';
export const photos4 = 'Picha zinaweza kuwa JPEG, PNG, WebP, AVIF au GIF, hadi MB 10 kila moja. Tunaondoa data ya GPS iliyofichwa ndani yake na tunatengeneza nakala nyepesi kwa wanunuzi wanaotumia data ya simu.';

export const describeHeading = 'Andika maelezo ambayo wanunuzi wanaamini';
export const describe1 = 'Sema ukweli kuhusu kasoro. Mnunuzi anayegundua kasoro iliyofichwa akija kuangalia ataondoka na utakuwa umepoteza safari.';
export const describe2 = 'Kwa simu na elektroniki: modeli, hifadhi, hali ya betri, na kama una boksi na risiti.';
export const describe3 = 'Kwa magari: mwaka wa kutengenezwa, kilomita, ukubwa wa injini, gia, na kama logbook iko kwa jina lako.';
export const describe4 = 'Kwa nyumba na mashamba: kodi au bei, amana, mpango wa maji na umeme, na maegesho.';
export const describe5 = 'Usiweke nambari yako ya simu kwenye maelezo: wanunuzi wanakufikia kupitia vitufe vya Onyesha nambari na WhatsApp.';

export const featureHeading = 'Fanya tangazo lako kuwa maalum: Ksh 200 kwa wiki moja';
export const featureA = 'Tangazo maalum linapata alama ya ';
export const featured = 'Maalum';
export const featureB = ', linaonyeshwa kabla ya matangazo ya kawaida kwenye orodha na linaweza kuonekana kwenye Matangazo maalum ya ukurasa wa mwanzo. Ni chaguo zuri kwa bidhaa zenye ushindani mkubwa, kama magari, simu na nyumba za kupangisha.';
export const feature1a = 'Fungua ';
export const feature1b = ' na uguse ';
export const featureAd = 'Fanya maalum';
export const feature1c = ' kwenye tangazo.';
export const feature2 = 'Angalia ada (Ksh 200) na muda (wiki moja), kisha gusa ';
export const payNow = 'Lipa sasa';
export const feature3a = 'Utapelekwa kwenye ukurasa salama wa malipo wa Flutterwave. Lipa kwa ';
export const feature3b = ' (unathibitisha kwa PIN yako kwenye simu yako) au kwa ';
export const card = 'kadi';
export const feature4 = 'Unarudi kwenye Soko na kuona ';
export const paymentSuccessful = 'Malipo yamefaulu!';
export const feature4b = ' Tangazo lako ni maalum kwa siku 7 zinazofuata.';
export const featureNote = 'Ada imewekwa na Soko kuwa Ksh 200; hakuna mtu anayeweza kukuomba zaidi. Soko haioni kamwe nambari ya kadi yako wala PIN yako ya M-Pesa, na hatutakuomba kamwe ulipie tangazo maalum kwa kutuma pesa kwa nambari ya mtu binafsi. Wiki ikiisha, kitufe cha Fanya maalum kinaonekana tena na unaweza kulifanya tangazo kuwa maalum kwa wiki nyingine.';

export const upToDateHeading = 'Weka matangazo yako yakiwa ya sasa';
export const upToDate1 = 'Badilisha bei au maelezo wakati wowote kwenye Matangazo yangu.';
export const upToDate2 = 'Futa tangazo mara tu bidhaa inapouzwa, ili wanunuzi waache kupiga simu.';
export const upToDate3 = 'Jibu haraka: wanunuzi wengi huwasiliana na wauzaji kadhaa na huchagua wa kwanza anayejibu.';

export const notAllowedHeading = 'Usichoruhusiwa kuweka';
export const notAllowed = 'Bidhaa za wizi au feki, silaha, dawa za kulevya, dawa zinazohitaji cheti cha daktari, bidhaa za wanyamapori kama pembe za ndovu, hati bandia na kitu kingine chochote kilicho kinyume cha sheria nchini Kenya. Orodha kamili iko kwenye';
export const termsOfService = 'Masharti ya huduma';
export const notAllowedAfter = ' yetu. Matangazo yanayovunja sheria hizi yanaondolewa.';
export const beforeMeet = 'Kabla hujakutana na mnunuzi, soma ';
export const safeTrading = 'Biashara salama';
export const beforeMeetAfter = ': wauzaji pia hulengwa na matapeli, hasa kwa jumbe feki za M-Pesa.';
