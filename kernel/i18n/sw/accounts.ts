/** Kiswahili of kernel/i18n/en/accounts.ts, in the words of docs/swahili-glossary.md. */

export const invalidEmail = 'Weka barua pepe sahihi.';
/** "Nenosiri liwe na angalau herufi 8." */
export const shortPasswordBefore = 'Nenosiri liwe na angalau herufi ';
export const shortPasswordAfter = '.';
export const longPasswordBefore = 'Nenosiri lisizidi herufi ';
export const longPasswordAfter = '.';
export const registered = 'Umejisajili! Tafadhali ingia.';
export const resetRequested = 'Ikiwa kuna akaunti yenye barua pepe hiyo, tumetuma kiungo cha kubadilisha nenosiri kwenye barua pepe yako.';
export const resetMissingToken = 'Kiungo cha kubadilisha nenosiri hakijakamilika.';
export const resetInvalidLink = 'Kiungo cha kubadilisha nenosiri si sahihi au kimeisha muda. Tafadhali omba kingine.';
export const resetDone = 'Nenosiri lako limebadilishwa! Sasa unaweza kuingia kwa nenosiri jipya.';
export const signedOutEverywhere = 'Umetolewa kwenye akaunti kwenye kila kifaa.';

export const loginFailed = 'Imeshindikana kuingia';
export const invalidCredentials = 'Barua pepe au nenosiri si sahihi.';
export const registrationFailed = 'Imeshindikana kujisajili';
export const passwordsDoNotMatch = 'Manenosiri hayalingani';
export const mustAgree = 'Lazima ukubali Masharti ya huduma na Sera ya faragha.';
export const forgotFailed = 'Imeshindikana kutuma kiungo. Tafadhali jaribu tena.';
export const networkError = 'Hitilafu ya mtandao. Tafadhali angalia muunganisho wako kisha ujaribu tena.';
export const resetNoTokenToast = 'Kiungo si sahihi: hakijakamilika.';
export const resetMismatch = 'Manenosiri hayalingani.';
export const resetFailed = 'Imeshindikana kubadilisha nenosiri. Tafadhali jaribu tena.';
export const sessionExpired = 'Muda wako wa kuingia umeisha. Tafadhali ingia tena.';
export const noChanges = 'Hakuna mabadiliko. Maelezo yako tayari ni sahihi.';
export const detailsUpdated = 'Maelezo yamehifadhiwa!';
export const confirmDelete = 'Una uhakika kabisa unataka kufuta akaunti yako? Hatua hii haiwezi kurudishwa.';
export const accountDeleted = 'Akaunti imefutwa! Tunakupeleka mwanzo...';

export const showLabelBefore = 'Onyesha ';
export const hideLabelBefore = 'Ficha ';
export const show = 'Onyesha';
export const hide = 'Ficha';

export const email = 'Barua pepe';
export const password = 'Nenosiri';
export const firstName = 'Jina la kwanza';
export const lastName = 'Jina la mwisho';
export const location = 'Mahali';

export const loginTitle = 'Ingia | Soko';
export const loginHeading = 'Ingia';
export const loginIntro = 'Karibu tena! Ingia ili uweke na usimamie matangazo yako.';
export const rememberMe = 'Nikumbuke';
export const forgotPasswordLink = 'Umesahau nenosiri?';
export const loggingIn = 'Inaingia...';
export const loginButton = 'Ingia';
export const noAccount = 'Huna akaunti?';
export const signUp = 'Jisajili';

export const registerTitle = 'Jisajili | Soko';
export const registerHeading = 'Fungua akaunti';
export const registerIntro = 'Jisajili ili uweke matangazo na ufikie wanunuzi kote Kenya.';
export const phoneNumber = 'Nambari ya simu';
export const phonePlaceholder = 'mfano +254712345678';
export const phoneHint = 'Kwa msimbo wa nchi; nambari za 07… na 01… zinakubaliwa pia.';
export const confirmPassword = 'Thibitisha nenosiri';
/** "Nakubali [Masharti ya huduma] na [Sera ya faragha] ya Soko." */
export const agreeBefore = 'Nakubali ';
export const termsOfService = 'Masharti ya huduma';
export const agreeAnd = ' na ';
export const privacyPolicy = 'Sera ya faragha';
export const agreeAfter = ' ya Soko.';
export const signingUp = 'Inasajili...';
export const haveAccount = 'Una akaunti tayari?';
export const signIn = 'Ingia';

export const forgotTitle = 'Umesahau nenosiri | Soko';
export const checkInbox = 'Angalia barua pepe yako';
export const linkWorksOnce = 'Kiungo kinatumika mara moja tu na kinaisha baada ya saa moja. Angalia folda ya spam kama hukioni.';
export const backToLogin = 'Rudi kuingia';
export const forgotHeading = 'Umesahau nenosiri';
export const forgotIntro = 'Weka barua pepe ya akaunti yako, tutakutumia kiungo cha kuchagua nenosiri jipya.';
export const sending = 'Inatuma...';
export const sendResetLink = 'Tuma kiungo';

export const resetTitle = 'Badilisha nenosiri | Soko';
export const invalidLinkHeading = 'Kiungo si sahihi';
export const requestNewLink = 'Omba kiungo kipya';
export const resetHeading = 'Badilisha nenosiri';
export const checkingResetLink = 'Tunakagua kiungo chako...';
export const resetIntro = 'Chagua nenosiri jipya la akaunti yako. Tumia angalau herufi 8.';
export const newPassword = 'Nenosiri jipya';
export const confirmNewPassword = 'Thibitisha nenosiri jipya';
export const resetting = 'Inabadilisha...';
export const resetButton = 'Badilisha nenosiri';

export const myDetailsTitle = 'Maelezo yangu | Soko';
export const errorSavingContact = 'Hitilafu wakati wa kuhifadhi mipangilio ya mawasiliano: ';
export const errorDeletingAccount = 'Hitilafu wakati wa kufuta akaunti: ';
export const errorUpdatingDetails = 'Hitilafu wakati wa kuhifadhi maelezo: ';
export const invalidInput = 'Maelezo si sahihi.';
export const contactNumber = 'Nambari ya simu ya mawasiliano';
export const yourRatingBefore = 'Alama zako kama muuzaji: ';
export const saving = 'Inahifadhi...';
export const saveContactSettings = 'Hifadhi mipangilio ya mawasiliano';
export const goHome = 'Nenda mwanzo';
export const myDetails = 'Maelezo yangu';
export const editContactDetails = 'Badilisha maelezo ya mawasiliano';
export const addContactNumber = 'Ongeza nambari ya simu';
export const phonePlaceholderShort = 'mfano +254...';
export const currentPassword = 'Nenosiri la sasa';
export const currentPasswordHint = 'Linahitajika tu kubadilisha barua pepe yako.';
export const saveChanges = 'Hifadhi mabadiliko';
export const cancel = 'Ghairi';
export const phoneVerificationHeading = 'Kuthibitisha simu';
export const phoneIsVerifiedNotice = 'Nambari yako ya simu imethibitishwa. Matangazo yako yanaonyesha \u201cSimu imethibitishwa\u201d.';
/** "Wanunuzi huamini nambari iliyothibitishwa. [Thibitisha simu yako] kwa nambari tunayokutumia kwa SMS." */
export const verifyInviteBefore = 'Wanunuzi huamini nambari iliyothibitishwa. ';
export const verifyYourPhoneLink = 'Thibitisha simu yako';
export const verifyInviteAfter = ' kwa nambari ya kuthibitisha tunayokutumia kwa SMS.';
export const devicesHeading = 'Vifaa ulivyoingia navyo';
export const devicesText = 'Umepoteza simu, au uliingia kwenye simu ya mtu mwingine? Toka kwenye kila kifaa, pamoja na hiki. Kisha unaweza kuingia tena hapa.';
export const signingOut = 'Inatoka...';
export const signOutEverywhere = 'Toka kwenye vifaa vyote';
export const dangerZone = 'Hatari';
export const deleteWarning = 'Ukifuta akaunti yako, maelezo yako, matangazo yako yote na picha zake zitafutwa kabisa.';
export const yourPassword = 'Nenosiri lako';
export const deleting = 'Inafuta...';
export const deleteMyAccount = 'Futa akaunti yangu';

export const verifyPhoneTitle = 'Thibitisha simu yako | Soko';
export const verifyPhoneHeading = 'Thibitisha simu yako';
/** "... Tunakutumia SMS yenye nambari ya kuthibitisha ya tarakimu 6; ..." */
export const verifyIntroBefore = 'Wanunuzi huwaamini wauzaji ambao nambari yao imethibitishwa. Tunakutumia SMS yenye nambari ya kuthibitisha ya tarakimu ';
export const verifyIntroAfter = '; ukiiandika hapa, inaonyesha kuwa simu ni yako. Kisha matangazo yako yataonyesha \u201cSimu imethibitishwa\u201d.';
export const phoneVerifiedAfter = ' imethibitishwa.';
export const codeLabel = 'Nambari ya kuthibitisha kutoka kwenye SMS';
export const verifyButton = 'Thibitisha';
export const yourNumber = 'Nambari yako: ';
export const sendNewCode = 'Tuma nambari mpya';
export const textMeCode = 'Nitumie nambari kwa SMS';
export const backToMyDetails = 'Rudi kwa Maelezo yangu';
export const unknownAction = 'Kitendo hakijulikani.';
/** "Tumetuma nambari ya kuthibitisha ya tarakimu 6 kwa 0712 345 678. Itaisha baada ya dakika 10." */
export const codeSentBefore = 'Tumetuma nambari ya kuthibitisha ya tarakimu ';
export const codeSentDigits = ' kwa ';
export const codeSentExpires = '. Itaisha baada ya dakika ';
export const codeSentAfter = '.';
export const phoneVerified = 'Nambari yako ya simu imethibitishwa. Sasa wanunuzi wanaona "Simu imethibitishwa" kwenye matangazo yako.';
export const noPhone = 'Kwanza ongeza nambari yako ya simu kwenye Maelezo yangu.';
export const alreadyVerified = 'Nambari yako ya simu imeshathibitishwa.';
export const verifyUnavailable = 'Kuthibitisha simu hakupatikani kwa sasa. Tafadhali jaribu tena baadaye.';
/** "Hatukuweza kutuma SMS kwa 0712 345 678. Tafadhali angalia nambari kwenye Maelezo yangu." */
export const badNumberBefore = 'Hatukuweza kutuma SMS kwa ';
export const badNumberAfter = '. Tafadhali angalia nambari kwenye Maelezo yangu.';
export const notSent = 'Hatukuweza kutuma nambari sasa hivi. Tafadhali jaribu tena baada ya dakika chache.';
/** "Weka nambari ya tarakimu 6 kutoka kwenye SMS." */
export const codeFormatBefore = 'Weka nambari ya tarakimu ';
export const codeFormatAfter = ' kutoka kwenye SMS.';
export const codeExpired = 'Nambari hiyo imeisha muda au haikutumwa. Tafadhali omba nyingine.';
export const numberChanged = 'Nambari yako ya simu imebadilika tangu tulipotuma nambari. Tafadhali omba nyingine.';
export const tooManyAttempts = 'Umekosea nambari mara nyingi mno. Tafadhali omba nyingine.';
/** "Nambari hiyo si sahihi. Unaweza kujaribu mara 3 zaidi." / "... mara 1 nyingine." */
export const wrongCodeBefore = 'Nambari hiyo si sahihi. Unaweza kujaribu mara ';
export const wrongCodeTry = 'nyingine';
export const wrongCodeTries = 'zaidi';
export const wrongCodeAfter = '.';

export const welcomeTitle = 'Karibu Soko';
export const postYourAd = 'Weka tangazo lako';
export const backToAd = 'Rudi kwenye tangazo';
export const saveAdAndGoBack = 'Hifadhi tangazo kisha urudi';
export const saveTheSearch = 'Hifadhi utafutaji';
export const continueLabel = 'Endelea';
/** "Hongera Amina! Karibu Soko." */
export const welcomeBefore = 'Hongera ';
export const welcomeAfter = '! Karibu Soko.';
export const accountReady = 'Akaunti yako iko tayari na umeshaingia.';
export const postFirstAd = 'Weka tangazo lako la kwanza';
export const browseAds = 'Angalia matangazo';
