/** Kiswahili of kernel/i18n/en/help-contact-form.ts, in the words of docs/swahili-glossary.md. */

export const title = 'Wasiliana nasi';
export const description = 'Tuma ujumbe kwa timu ya msaada ya Soko: maswali kuhusu matangazo, malipo, akaunti yako, au kuripoti tangazo linalotiliwa shaka.';
export const intro = 'Uliza swali, tueleze tatizo la malipo au la akaunti yako, au ripoti tangazo linalotiliwa shaka (bandika kiungo chake kwenye ujumbe). Tunajibu kwa barua pepe ndani ya siku moja ya kazi. Unaweza pia kutuandikia kwa';
export const yourName = 'Jina lako';
export const emailAddress = 'Barua pepe';
export const subject = 'Mada';
export const message = 'Ujumbe';
export const messageHint = 'Ukitaka tukupigie, weka nambari yako ya simu. Usitutumie kamwe nenosiri lako wala PIN yako ya M-Pesa.';
export const sendingLabel = 'Inatuma...';
export const sendMessage = 'Tuma ujumbe';

export const sentHeading = 'Ujumbe umetumwa';
export const replyGoesTo = 'Jibu letu litakuja kwenye barua pepe uliyotupa. Wakati huo huo, ';
export const faq = 'maswali ya mara kwa mara';
export const mayHaveAnswer = ' huenda tayari yana jibu lako.';
export const goHome = 'Nenda mwanzo';
export const backToHelp = 'Rudi kwenye Msaada na mawasiliano';

/** The server's English texts (server/contact/contact.ts, its rate limit) and their Swahili. */
const SERVER: Record<string, string> = {
  'Thank you! Your message has been sent. Our support team will reply by e-mail within one working day.': 'Asante! Ujumbe wako umetumwa. Timu yetu ya msaada itakujibu kwa barua pepe ndani ya siku moja ya kazi.',
  'Please enter your name.': 'Andika jina lako.',
  'Your name must be at most 100 characters long.': 'Jina lako lisizidi herufi 100.',
  'Please use a single line without special characters.': 'Andika kwenye mstari mmoja bila alama maalum.',
  'Please enter a valid email address.': 'Weka barua pepe sahihi.',
  'Please enter a subject.': 'Andika mada.',
  'The subject must be at most 150 characters long.': 'Mada isizidi herufi 150.',
  'Please write your message.': 'Andika ujumbe wako.',
  'Your message must be at least 10 characters long.': 'Ujumbe wako uwe na angalau herufi 10.',
  'Your message must be at most 5000 characters long.': 'Ujumbe wako usizidi herufi 5000.',
};

/** A text the server wrote in English, in Swahili; one it already wrote in Swahili (page actions run in the page's language: server/i18n.ts) as it is. */
export const serverText = (p: { text: string }) =>
  SERVER[p.text] ??
  (String(p.text).startsWith('You have sent several messages')
    ? 'Umetuma jumbe nyingi kwa muda mfupi. Tafadhali subiri kidogo kisha ujaribu tena, au tutumie barua pepe moja kwa moja.'
    : p.text);
