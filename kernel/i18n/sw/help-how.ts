/** Kiswahili of kernel/i18n/en/help-how.ts, in the words of docs/swahili-glossary.md. */

export const title = 'Jinsi Soko inavyofanya kazi';
export const description = 'Soko inawaunganisha wanunuzi na wauzaji kote Kenya: weka tangazo la bure lenye hadi picha 10, wanunuzi wanakupigia au kukutumia WhatsApp, na unaweza kufanya tangazo kuwa maalum kwa Ksh 200 kwa wiki.';
export const lead = 'Soko ni soko la matangazo la bure kwa Kenya. Wauzaji wanaweka matangazo, wanunuzi wanawasiliana nao moja kwa moja, na mnakutana kufanya biashara.';

export const sell1 = 'Fungua akaunti ya bure';
export const sell1Text = 'Jisajili kwa jina lako, barua pepe, nambari ya simu na mahali ulipo.';
export const sell2 = 'Weka tangazo lako';
export const sell2Text = 'Weka kichwa wazi, bei, mahali, maelezo na hadi picha 10. Linaonekana mara moja.';
export const sell3 = 'Ongea na wanunuzi';
export const sell3Text = 'Wanunuzi wanakupigia au kukutumia WhatsApp kutoka kwenye tangazo lako. Mkubaliane bei na mahali salama pa kukutana.';
export const sell4 = 'Uza na umalizie';
export const sell4Text = 'Pokea malipo unapokabidhi bidhaa, kisha futa tangazo kwenye Matangazo yangu.';
export const buy1 = 'Tafuta au angalia';
export const buy1Text = 'Tafuta kwa neno na mji, au angalia aina kama Magari na usafiri, Nyumba na mashamba au Elektroniki.';
export const buy2 = 'Wasiliana na muuzaji';
export const buy2Text = 'Onyesha nambari ya simu au fungua WhatsApp ukiwa na salamu iliyoandikwa tayari.';
export const buy3 = 'Ione, ikague, kisha ulipe';
export const buy3Text = 'Kutana mahali penye watu, kagua bidhaa, na hapo tu ndipo ulipe, kwa M-Pesa au pesa taslimu.';

export const sellingHeading = 'Kuuza kwenye Soko';
export const stepsToSell = 'Hatua za kuuza';
export const createYourAccount = 'Fungua akaunti yako ya bure';
export const orReadGuide = ' au soma maelekezo kamili ya';
export const postingAds = 'kuweka matangazo';
export const buyingHeading = 'Kununua kwenye Soko';
export const stepsToBuy = 'Hatua za kununua';
export const buyingText = 'Soko haipokei malipo ya bidhaa wala haizisafirishi: unashughulika na muuzaji moja kwa moja. Soma';
export const safeTrading = 'Biashara salama';
export const beforePay = ' kabla hujamlipa mtu yeyote.';
export const featuredHeading = 'Matangazo maalum: Ksh 200 kwa wiki moja';
export const featuredText = 'Kuweka tangazo ni bure. Ukitaka wanunuzi wengi zaidi waone tangazo, unaweza kulifanya maalum kwa Ksh 200. Kwa wiki moja linakuwa na alama ya Maalum, linaonyeshwa kabla ya matangazo ya kawaida kwenye orodha na linaweza kuonekana kwenye Matangazo maalum ya ukurasa wa mwanzo. Unalipa kwa M-Pesa au kadi kwenye ukurasa salama wa malipo wa Flutterwave, kutoka Matangazo yangu.';
export const phoneHeading = 'Imetengenezwa kwa ajili ya simu yako na bando lako';
export const phoneText = 'Kurasa ni ndogo na zinafunguka haraka hata kwenye 3G. Picha zinapunguzwa ukubwa kwa skrini za simu, na nambari yako ya simu inaonyeshwa tu kwa wanunuzi wanaoiomba kwenye tangazo lako.';
export const questionsHeading = 'Una maswali?';
export const seeThe = 'Angalia ';
export const faq = 'maswali ya mara kwa mara';
export const or = ' au ';
export const contactUs = 'wasiliana nasi';
