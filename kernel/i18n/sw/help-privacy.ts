/** Kiswahili of kernel/i18n/en/help-privacy.ts, a legal text: translated faithfully, nothing added. */

export const title = 'Sera ya faragha';
export const description = 'Data binafsi ambazo Soko inakusanya, kwa nini, nani anaziona, tunazihifadhi kwa muda gani, na haki zako chini ya Sheria ya Ulinzi wa Data ya Kenya, 2019, ikiwemo jinsi ya kufuta akaunti yako.';
export const lead = 'Tunakusanya tu kile tunachohitaji kuendesha soko, hatuuzi data zako, na unaweza kuziona, kuzirekebisha au kuzifuta wakati wowote.';
export const controller = 'Soko ndiyo mdhibiti wa data binafsi zilizoelezwa hapa, na tunazichakata kwa mujibu wa Sheria ya Ulinzi wa Data ya Kenya, 2019. Kwa swali au ombi lolote kuhusu faragha, tuandikie kwa ';

export const collectHeading = 'Tunachokusanya';
export const yourAccount = 'Akaunti yako';
export const yourAccountText = ': jina la kwanza na la mwisho, barua pepe, nambari ya simu, mahali na, ukiviongeza, anwani, mji na nchi. Nenosiri lako linahifadhiwa tu kama hashi ya njia moja: hakuna mtu yeyote wa Soko anayeweza kulisoma.';
export const yourAds = 'Matangazo yako';
export const yourAdsText = ': maandishi, bei, mahali na picha unazoweka. Tunaondoa data iliyofichwa kama viwianishi vya GPS kwenye picha kabla ya kuzichapisha.';
export const payments = 'Malipo ya matangazo maalum';
export const paymentsText = ': kiasi, hali na nambari ya muamala. Maelezo ya kadi na ya M-Pesa yanashughulikiwa na Flutterwave; hatuoni kamwe nambari ya kadi yako wala PIN yako.';
export const support = 'Jumbe kwa timu ya msaada';
export const supportText = ': jina lako, barua pepe yako na unachoandika kwenye fomu ya mawasiliano.';
export const technical = 'Data za kiufundi';
export const technicalText = ': anwani yako ya IP na kurasa zilizoombwa, zinazohifadhiwa kwenye kumbukumbu za usalama za muda mfupi ili kuzuia matumizi mabaya kama kubahatisha manenosiri na spam.';
export const cookies = 'Tunatumia kuki moja, ili ubaki umeingia, na kivinjari chako kinahifadhi chaguo lako la mwonekano wa mwanga au giza. Hatutumii kuki za matangazo ya biashara wala za kufuatilia.';

export const whyHeading = 'Kwa nini tunazitumia';
export const why1 = 'Kuendesha akaunti yako na kuchapisha matangazo yako (hili linahitajika ili kutoa huduma uliyoiomba).';
export const why2 = 'Kuwawezesha wanunuzi kuwasiliana nawe: nambari yako ya simu inaonyeshwa tu kwa mtu anayegusa Onyesha nambari kwenye tangazo lako.';
export const why3 = 'Kushughulikia malipo ya matangazo maalum na kuhifadhi kumbukumbu zinazotakiwa na sheria.';
export const why4 = 'Kujibu jumbe zako na kukutumia barua pepe za akaunti kama viungo vya kuweka nenosiri jipya.';
export const why5 = 'Kuweka Soko salama: kuzuia utapeli, spam na mashambulizi (maslahi yetu halali, na yako pia).';

export const whoHeading = 'Nani anaweza kuziona';
export const who1 = 'Kila mtu anaweza kuona matangazo yako na maelezo ya muuzaji yanayoonyeshwa pamoja nayo (jina lako, ulipojiunga na idadi ya matangazo uliyonayo), kama soko linavyohitaji.';
export const who2 = 'Watoa huduma wanaotufanyia kazi chini ya mkataba: Flutterwave kwa malipo, na watoa huduma wetu wa barua pepe na wa kuhifadhi tovuti. Wanaweza kutumia data zako tu kwa ajili ya kutupa huduma yao.';
export const who3 = 'Mamlaka za serikali, sheria ya Kenya inapotaka hivyo, kwa mfano amri ya mahakama au uchunguzi wa polisi kuhusu utapeli.';
export const neverSell = 'Hatuuzi kamwe data zako binafsi wala kuzishiriki kwa ajili ya matangazo ya biashara ya kampuni nyingine.';

export const keepHeading = 'Tunazihifadhi kwa muda gani';
export const keep1 = 'Akaunti yako na matangazo yako: hadi utakapoyafuta.';
export const keep2 = 'Kumbukumbu za malipo: kwa muda unaotakiwa na sheria ya kodi ya Kenya (kwa kawaida miaka mitano); baada ya kufuta akaunti yako haziunganishwi nayo tena.';
export const keep3 = 'Jumbe kwa timu ya msaada: hadi miaka miwili, ili tuweze kufuatilia ripoti.';
export const keep4 = 'Kumbukumbu za usalama: wiki chache.';

export const rightsHeading = 'Haki zako chini ya Sheria ya Ulinzi wa Data, 2019';
export const rightsIntro = 'Kama mhusika wa data una haki ya:';
export const informed = 'kujulishwa';
export const informedText = ' jinsi data zako zinavyotumika (ukurasa huu);';
export const access = 'kupata';
export const accessText = ' data binafsi tulizonazo kukuhusu na kupata nakala yake;';
export const correction = 'kurekebishiwa';
export const correctionText = ' data zisizo sahihi au zilizopitwa na wakati: nyingi unaweza kuzirekebisha mwenyewe kwenye Maelezo yangu;';
export const deletion = 'kufutiwa';
export const deletionText = ' data zako: futa matangazo yako kwenye Matangazo yangu, au akaunti yako yote kama inavyoonyeshwa hapa chini;';
export const object = 'kupinga';
export const objectText = ' uchakataji wetu wa data zako, ikiwemo kwa ajili ya matangazo ya moja kwa moja (hatutumi yoyote);';
export const portability = 'kuhamisha data';
export const portabilityText = ': kupokea data zako katika mpangilio maalum unaosomeka na kompyuta na kuzituma kwa huduma nyingine.';
export const useRight = 'Kutumia haki ambayo huwezi kuitumia mwenyewe kwenye Maelezo yangu, tuma barua pepe kwa ';
export const useRightAfter = ' kutoka kwa anwani iliyo kwenye akaunti yako. Tunajibu ndani ya siku 7 na tunaweza kukuomba uthibitishe kwamba ni wewe. Hakuna malipo.';

export const deleteTitle = 'Jinsi ya kufuta akaunti yako';
export const delete1 = 'Ingia, fungua ';
export const myDetails = 'Maelezo yangu';
export const delete2 = ' kwenye menyu, shuka hadi ';
export const dangerZone = 'Eneo la hatari';
export const delete3 = ' na uguse';
export const deleteMyAccount = 'Futa akaunti yangu';
export const delete4 = ', kisha uthibitishe. Wasifu wako, matangazo na picha zinafutwa na unatolewa kwenye akaunti kila mahali. Hili haliwezi kurudishwa. Zaidi kwenye ';
export const accountSettings = 'Mipangilio ya akaunti';

export const complaintsHeading = 'Malalamiko';
export const complaints1 = 'Kama hujaridhika na jinsi tulivyoshughulikia data zako au ombi lako, tafadhali tuambie kwanza kwa ';
export const complaints2 = '. Pia una haki ya kulalamika kwa ';
export const odpc = 'Ofisi ya Kamishna wa Ulinzi wa Data (ODPC)';
export const complaints3 = ', mamlaka ya ulinzi wa data ya Kenya, kupitia ';

export const securityHeading = 'Usalama';
export const security = 'Mawasiliano na Soko yamesimbwa, manenosiri yanahifadhiwa kama hashi kwa algorithimu ya kisasa na ya polepole, kuingia kunalindwa dhidi ya kubahatisha, na ufikiaji wa data binafsi ndani ya Soko unawekewa mipaka ya kile ambacho kila kazi inahitaji.';
export const childrenHeading = 'Watoto';
export const children = 'Soko si kwa ajili ya mtu yeyote aliye chini ya miaka 18, na hatukusanyi kwa kujua data kuhusu watoto.';
export const changesHeading = 'Mabadiliko';
export const changes = 'Tukibadilisha sera hii kwa namna muhimu, tutawajulisha watumiaji waliosajiliwa kwa barua pepe kabla mabadiliko hayajaanza kutumika. Angalia pia ';
export const termsOfService = 'Masharti ya huduma';
