/** Kiswahili of kernel/i18n/en/help-account.ts, in the words of docs/swahili-glossary.md. */

export const metaTitle = 'Maelekezo: mipangilio ya akaunti';
export const description = 'Jinsi ya kubadilisha jina, barua pepe, mahali na nambari ya simu kwenye Maelezo yangu, kubadilisha nenosiri kupitia Umesahau nenosiri?, na kufuta akaunti yako ya Soko.';
export const title = 'Mipangilio ya akaunti';
export const lead = 'Kila kitu kuhusu akaunti yako ya Soko kiko kwenye Maelezo yangu, unayoifungua kwenye menyu ukishaingia.';

export const detailsHeading = 'Badilisha maelezo yako';
export const details1 = 'Fungua menyu na uchague ';
export const myDetails = 'Maelezo yangu';
export const details2a = 'Gusa ';
export const editContactDetails = 'Badilisha maelezo ya mawasiliano';
export const details2b = '. Unaweza kubadilisha jina la kwanza, jina la mwisho, barua pepe, mahali na nambari ya simu. Kama bado huna nambari, gusa ';
export const addContactNumber = 'Ongeza nambari ya simu';
export const details3a = 'Gusa ';
export const saveChanges = 'Hifadhi mabadiliko';
export const details3b = ', au ';
export const cancel = 'Ghairi';
export const details3c = ' ili urudi kwenye maelezo yako yaliyohifadhiwa.';
export const phoneFormat = 'Andika nambari yako ya simu kwa mtindo wa kimataifa, ukianza na +254, mfano +254 712 345 678. Ndiyo nambari ambayo wanunuzi wanaipata wanapogusa Onyesha nambari au WhatsApp kwenye matangazo yako, kwa hiyo hakikisha ni ya sasa.';

export const passwordHeading = 'Badilisha nenosiri lako';
export const passwordIntro = 'Unabadilisha nenosiri lako kupitia kiungo salama cha kuweka nenosiri jipya, kwa hiyo inafanya kazi hata kama umesahau la zamani:';
export const password1a = 'Kwenye ukurasa wa kuingia gusa ';
export const forgotPassword = 'Umesahau nenosiri?';
export const password1b = ' (au nenda moja kwa moja kwenye';
export const password2 = 'Weka barua pepe ya akaunti yako. Tunakutumia kiungo cha kuweka nenosiri jipya.';
export const password3 = 'Fungua kiungo ndani ya saa moja; kinafanya kazi mara moja tu.';
export const password4 = 'Chagua nenosiri jipya la angalau herufi 8 na ulithibitishe.';
export const strongTitle = 'Ushauri wa nenosiri imara';
export const strongText = 'Tumia sentensi ndefu ambayo hutumii mahali pengine popote, si nambari yako ya simu wala jina lako. Kuweka nenosiri jipya kunakutoa kwenye kila kifaa, kwa hiyo kama unadhani mtu mwingine ametumia akaunti yako, weka nenosiri jipya mara moja.';

export const deleteHeading = 'Futa akaunti yako';
export const delete1a = 'Fungua ';
export const delete1b = ' na ushuke chini hadi ';
export const dangerZone = 'Eneo la hatari';
export const delete2a = 'Gusa ';
export const deleteMyAccount = 'Futa akaunti yangu';
export const delete2b = ' na uthibitishe.';
export const deleteText = 'Wasifu wako na matangazo yako yote na picha zake zinafutwa na unatolewa kwenye akaunti. Hili haliwezi kurudishwa, kwa hiyo kama unataka kupumzika tu, unaweza badala yake kufuta matangazo yako kwenye Matangazo yangu. Tunachohifadhi baada ya kufuta, na kwa nini, kimeelezwa kwenye ';
export const privacyPolicy = 'Sera ya faragha';

export const stuckHeading = 'Bado una tatizo?';
export const stuck1 = 'Kama huwezi kuingia au barua pepe yako haifanyi kazi tena, ';
export const sendUsAMessage = 'tutumie ujumbe';
export const stuck2 = ' kutoka kwa barua pepe yoyote na utuambie jina na nambari ya simu iliyo kwenye akaunti.';
