/** Kiswahili of kernel/i18n/en/mail.ts, in the words of docs/swahili-glossary.md. */

const SHORT_MONTHS = ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'];

export const htmlLang = 'sw';
export const slogan = 'Soko — Matangazo yenye nguvu, biashara zinazopaa';
export const buttonFallback = 'Kitufe kisipofanya kazi, nakili kiungo hiki kwenye kivinjari chako:';
export const hello = (p: { name: string }) => `Habari ${p.name},`;
export const date = (p: { day: number; month: number; year: number }) => `${p.day} ${SHORT_MONTHS[p.month]} ${p.year}`;

export const resetSubject = 'Badilisha nenosiri lako la Soko';
export const resetAsked = 'Mtu fulani (tunatumaini ni wewe) ameomba kubadilisha nenosiri la akaunti yako ya Soko.';
export const resetOpen = 'Fungua kiungo hiki ndani ya saa moja ili uchague nenosiri jipya';
export const resetOnce = 'Kiungo kinafanya kazi mara moja tu. Kama hukuomba, puuza barua pepe hii: nenosiri lako litabaki lilivyo.';
export const resetButton = 'Badilisha nenosiri';

export const changedSubject = 'Nenosiri lako la Soko limebadilishwa';
export const changedBody = 'Nenosiri la akaunti yako ya Soko limebadilishwa sasa hivi, na vifaa vyote vimetolewa kwenye akaunti.';
export const changedNotYou = 'Kama si wewe, badilisha nenosiri lako sasa';
export const changedButton = 'Badilisha nenosiri langu';

export const messageSubject = (p: { from: string; title: string }) => `Ujumbe mpya kutoka kwa ${p.from} kuhusu ${p.title}`;
export const messageIntro = (p: { n: number; from: string; title: string }) =>
  `Una ${p.n === 1 ? 'ujumbe 1 ambao haujasomwa' : `jumbe ${p.n} ambazo hazijasomwa`} kutoka kwa ${p.from} kuhusu mazungumzo yenu ya "${p.title}".`;
export const messageWhy = 'Unapata barua pepe hii kwa sababu ujumbe ulikaa dakika 10 bila kusomwa. Si zaidi ya moja kwa saa kwa kila mazungumzo.';
export const readAndReply = 'Soma na ujibu';
export const staySafe = 'Kuwa salama: usilipe kabla ya kuona bidhaa. Soko haitakuomba PIN yako ya M-Pesa.';
export const stopEmails = 'Zuia barua pepe hizi (bofya mara moja, bila kuingia)';
export const orChangeInMyDetails = 'Au badilisha kwenye Maelezo yangu';
export const stopMessageEmails = 'Zuia barua pepe kuhusu jumbe';
export const orChangeItIn = ', au badilisha kwenye ';
export const myDetails = 'Maelezo yangu';

export const alertDailySubject = (p: { n: number; label: string }) => `Muhtasari wa kila siku: ${p.n === 1 ? 'tangazo 1 jipya' : `matangazo ${p.n} mapya`} ya ${p.label}`;
export const alertOneSubject = (p: { label: string; title: string }) => `Tangazo jipya la ${p.label}: ${p.title}`;
export const alertSubject = (p: { n: number; label: string }) => `${p.n === 1 ? 'Tangazo 1 jipya' : `Matangazo ${p.n} mapya`} ya ${p.label}`;
export const alertDailyIntro = (p: { n: number; label: string }) =>
  `Tangu muhtasari wa jana, ${p.n === 1 ? 'tangazo 1 jipya linalingana' : `matangazo ${p.n} mapya yanalingana`} na utafutaji uliohifadhi ${p.label}.`;
export const alertIntro = (p: { n: number; label: string }) => `${p.n === 1 ? 'Tangazo jipya linalingana' : `Matangazo ${p.n} mapya yanalingana`} na utafutaji uliohifadhi ${p.label}.`;
export const alertWhyDaily = 'Unapata barua pepe hii kwa sababu ulihifadhi utafutaji huu kwenye Soko na muhtasari wa kila siku.';
export const alertWhyInstant = 'Unapata barua pepe hii kwa sababu ulihifadhi utafutaji huu kwenye Soko na arifa za papo hapo.';
export const andMore = (p: { n: number }) => `na mengine ${p.n}`;
export const seeThemAll = 'Yaone yote';
export const changeOrDelete = 'Badilisha mara ngapi, au futa utafutaji';
export const unsubscribeAlert = 'Jiondoe kwenye arifa hii';

export const expirySubject = (p: { title: string; date: string }) => `Tangazo lako “${p.title}” linaisha tarehe ${p.date}`;
export const expiryBody = (p: { title: string; date: string }) => `Tangazo lako “${p.title}” kwenye Soko linaisha tarehe ${p.date}. Baada ya hapo wanunuzi hawataliona tena.`;
export const expiryRenew = 'Bado unauza? Lifanye upya kwenye Matangazo yangu';
export const expirySold = 'Umeshauza? Weka Imeuzwa hapo, ili wanunuzi waache kupiga simu.';
export const expiryButton = 'Fanya upya tangazo langu';
