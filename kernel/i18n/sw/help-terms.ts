/** Kiswahili of kernel/i18n/en/help-terms.ts, a legal text: translated faithfully, nothing added. */

export const title = 'Masharti ya huduma';
export const description = 'Kanuni za kutumia Soko, soko la matangazo la Kenya: akaunti, unachoruhusiwa kuweka, ada za matangazo maalum, kushughulika na watumiaji wengine na wajibu wetu.';
export const lead = 'Masharti haya ni makubaliano kati yako na Soko unapotumia tovuti na huduma zake. Tafadhali yasome; kwa kutumia Soko unayakubali.';

export const whatHeading = '1. Soko ni nini';
export const what = 'Soko ni soko la matangazo la mtandaoni ambapo watu nchini Kenya hutangaza bidhaa, nyumba na mashamba, magari, kazi na huduma, na ambapo wanunuzi huzipata na kuwasiliana nao. Soko si mhusika katika makubaliano yoyote kati ya watumiaji: hatumiliki, hatuuzi, hatukagui, hatusafirishi wala hatutoi dhamana ya bidhaa zinazotangazwa, na hatushiki malipo yake.';

export const accountHeading = '2. Akaunti yako';
export const account1 = 'Lazima uwe na umri wa angalau miaka 18 ili kufungua akaunti na kuweka matangazo.';
export const account2 = 'Toa maelezo ya kweli kukuhusu, na hakikisha barua pepe yako na nambari yako ya simu ni za sasa.';
export const account3 = 'Usimwambie mtu nenosiri lako. Unawajibika kwa kinachofanywa kwa akaunti yako.';
export const account4 = 'Mtu mmoja, akaunti moja. Akaunti haziwezi kuuzwa wala kuhamishiwa mtu mwingine.';
export const account5 = 'Unaweza kufuta akaunti yako wakati wowote kwenye Maelezo yangu, chini ya Eneo la hatari (angalia';
export const accountSettings = 'Mipangilio ya akaunti';

export const postingHeading = '3. Kuweka matangazo';
export const postingIntro = 'Unapoweka tangazo, unathibitisha kwamba:';
export const posting1 = 'una haki ya kuuza au kutoa unachotangaza, na kimeelezwa kwa ukweli, pamoja na kasoro zake;';
export const posting2 = 'bei ni bei halisi, na picha ni za bidhaa yenyewe (au una haki ya kuzitumia);';
export const posting3 = 'tangazo liko kwenye aina sahihi, na unaweka kila bidhaa mara moja badala ya kuirudia.';
export const forbiddenIntro = 'Huruhusiwi kutangaza:';
export const forbidden1 = 'bidhaa za wizi, au bidhaa ambazo huwezi kuthibitisha umiliki wake (kwa mfano gari lisilo na logbook yake);';
export const forbidden2 = 'bidhaa feki au nakala haramu;';
export const forbidden3 = 'bunduki, risasi, vilipuzi na silaha nyingine;';
export const forbidden4 = 'dawa za kulevya, dawa zinazotolewa tu kwa cheti cha daktari na bidhaa za matibabu zisizosajiliwa;';
export const forbidden5 = 'wanyamapori na bidhaa za wanyamapori, kama pembe za ndovu, pembe za kifaru, nyama ya porini na viumbe hai wanaolindwa;';
export const forbidden6 = 'hati za kughushi au hati rasmi, kama vitambulisho, vyeti, vibali na nambari za usajili za magari;';
export const forbidden7 = 'data binafsi, laini za simu zilizosajiliwa kwa mtu mwingine, au ufikiaji wa akaunti za watu wengine;';
export const forbidden8 = 'huduma au maudhui ya ngono ya watu wazima, na chochote kinachochochea chuki au vurugu;';
export const forbidden9 = 'matangazo ya kazi yanayowatoza waombaji ada, mipango ya piramidi na ofa za “kutajirika haraka”;';
export const forbidden10 = 'kitu kingine chochote ambacho ni kinyume cha sheria kuuza au kutangaza nchini Kenya.';
export const removal = 'Tunaweza kubadilisha aina ya tangazo, kulificha au kuliondoa tangazo lolote linalovunja kanuni hizi au ambalo watumiaji wameliripoti kuwa la utapeli, na kusimamisha au kufunga akaunti zinazofanya hivyo mara kwa mara. Tunapoweza, tunakueleza sababu.';

export const paymentsHeading = '4. Matangazo maalum na malipo';
export const payments1 = 'Kuweka matangazo ni bure. Kufanya tangazo kuwa maalum kunagharimu Ksh 200 kwa wiki moja (siku 7) kuanzia malipo yanapothibitishwa.';
export const payments2 = 'Malipo yanashughulikiwa na Flutterwave, kwa M-Pesa au kadi. Soko haipokei wala haihifadhi maelezo ya kadi yako au PIN yako ya M-Pesa.';
export const payments3 = 'Ada inalipia nafasi ya tangazo, si mauzo: hatuahidi idadi yoyote ya watazamaji au wanunuzi. Tangazo lako likiondolewa kwa kuvunja masharti haya, ada hairudishwi.';
export const payments4 = 'Kama ulitozwa na tangazo lako halikufanywa maalum, wasiliana nasi ndani ya siku 30 ukiwa na nambari ya muamala na tutalifanya tangazo kuwa maalum au tutakurudishia pesa.';

export const usersHeading = '5. Kushughulika na watumiaji wengine';
export const users1 = 'Makubaliano ni kati ya mnunuzi na muuzaji. Kutana kwa usalama, kagua kabla ya kulipa, na fuata';
export const safeTradingGuide = 'maelekezo yetu ya biashara salama';
export const users2 = '. Tumia maelezo ya mawasiliano unayoyaona kwenye Soko kwa ajili ya kushughulikia tangazo tu: si kwa matangazo ya biashara, spam au unyanyasaji. Kunakili matangazo au nambari za simu kutoka Soko kwa zana za kiotomatiki hakuruhusiwi.';

export const contentHeading = '6. Maudhui yako';
export const content = 'Unabaki kuwa mmiliki wa maandishi na picha unazoweka. Unairuhusu Soko kuzihifadhi, kubadilisha ukubwa wake, kuzionyesha na kuzitangaza kwenye Soko kwa muda wote tangazo likiwa mtandaoni. Unapofuta tangazo au akaunti yako, tunafuta maandishi na picha zake.';

export const responsibilityHeading = '7. Wajibu wetu';
export const responsibility = 'Tunajitahidi kuifanya Soko ipatikane, iwe ya haraka na isiwe na utapeli, na tunachukua hatua kuhusu ripoti. Lakini kwa kuwa sisi si sehemu ya makubaliano yanayofanywa kwenye Soko, hatuwajibiki kwa ubora, usalama, uhalali au usafirishaji wa bidhaa zinazotangazwa, kwa ukweli wa matangazo, wala kwa kile watumiaji wanachofanya. Hakuna chochote katika masharti haya kinachopunguza haki ulizonazo chini ya Sheria ya Kulinda Watumiaji, 2012 (Consumer Protection Act) au sheria nyingine ya Kenya ambayo haiwezi kupunguzwa kwa makubaliano.';

export const privacyHeading = '8. Faragha';
export const privacy = 'Jinsi tunavyokusanya na kutumia data binafsi, na haki zako chini ya Sheria ya Ulinzi wa Data, 2019, zimeelezwa kwenye';
export const privacyPolicy = 'Sera ya faragha';

export const changesHeading = '9. Mabadiliko na sheria';
export const changes = 'Tunaweza kusasisha masharti haya huduma inapobadilika; tunawajulisha watumiaji waliosajiliwa kuhusu mabadiliko muhimu kwa barua pepe kabla hayajaanza kutumika. Masharti haya yanaongozwa na sheria za Kenya, na mahakama za Kenya zina mamlaka juu ya mgogoro wowote.';

export const contactHeading = '10. Mawasiliano';
export const contact1 = 'Maswali kuhusu masharti haya: ';
export const contact2 = ' au';
export const contactForm = 'fomu ya mawasiliano';
