/** Kiswahili of kernel/i18n/en/help.ts, in the words of docs/swahili-glossary.md. */

export const samplePage = 'Ukurasa wa mfano:';
export const breadcrumb = 'Njia ya ukurasa';
export const onThisPage = 'Kwenye ukurasa huu';
export const goodToKnow = 'Ni vizuri kujua';

export const title = 'Msaada na mawasiliano';
export const description = 'Majibu, maelekezo hatua kwa hatua na jinsi ya kuwasiliana na timu ya msaada ya Soko kwa barua pepe, simu au fomu ya mawasiliano.';
export const lead = 'Pata jibu haraka, au ongea na timu ya Soko.';
export const phoneHours = 'Jumatatu-Ijumaa 9:00-17:00 (saa za Afrika Mashariki)';
export const topics = 'Mada za msaada';
export const topicFaq = 'Maswali ya mara kwa mara';
export const topicFaqText = 'Majibu mafupi kuhusu matangazo, bei, matangazo maalum, malipo na akaunti yako.';
export const topicPosting = 'Kuweka matangazo';
export const topicPostingText = 'Andika tangazo linalouza: picha, bei, maelezo, na kulifanya maalum kwa Ksh 200.';
export const topicSafe = 'Biashara salama';
export const topicSafeText = 'Kutana kwa usalama, kagua kabla ya kulipa, na tambua jumbe feki za M-Pesa na utapeli mwingine.';
export const topicAccount = 'Mipangilio ya akaunti';
export const topicAccountText = 'Badilisha maelezo yako au nenosiri, au futa akaunti yako.';
export const newToSoko = 'Mgeni kwenye Soko? Soma ';
export const howSokoWorks = 'jinsi Soko inavyofanya kazi';
export const contactUs = 'Wasiliana nasi';
export const email = 'Barua pepe';
export const emailReply = 'Tunajibu ndani ya siku moja ya kazi.';
export const phone = 'Simu';
export const phoneCallBack = 'Ungependa tukupigie? Weka nambari yako ya simu kwenye fomu ya mawasiliano na tutakupigia katika saa hizi.';
export const contactForm = 'Fomu ya mawasiliano';
export const contactFormText = 'Tueleze kilichotokea, na weka kiungo cha tangazo kama ni kuhusu tangazo.';
export const openContactForm = 'Fungua fomu ya mawasiliano';
export const staffNeverAsk = 'Wafanyakazi wa Soko hawatakuomba kamwe nenosiri lako, PIN yako ya M-Pesa au malipo ili “kufungua” akaunti yako.';
