/** Kiswahili of kernel/i18n/en/help-safe-trading.ts, in the words of docs/swahili-glossary.md. */

export const metaTitle = 'Maelekezo: biashara salama';
export const description = 'Kuwa salama unaponunua na kuuza nchini Kenya: kutana mahali penye watu, usilipe amana kamwe kabla ya kuona bidhaa, kagua logbook kupitia NTSA na ardhi kwenye Wizara ya Ardhi, na tambua jumbe feki za M-Pesa.';
export const title = 'Biashara salama';
export const lead = 'Watu wengi kwenye Soko ni waaminifu, lakini matapeli hulenga kila soko. Tabia hizi zinalinda pesa zako na usalama wako.';
export const goldenRule = 'Kanuni kuu';
export const goldenRuleBold = 'Usilipe kamwe amana, ada ya kuhifadhi au “ada ya usafiri” kabla hujaona bidhaa.';
export const goldenRuleText = 'Ikague, kisha ulipe. Muuzaji wa kweli atakusubiri uje uangalie.';

export const meetingHeading = 'Kukutana kwa usalama';
export const meeting1 = 'Kutana mahali penye watu wengi wakati wa mchana: kwenye duka kubwa (mall), ndani ya ukumbi wa benki, au nje ya kituo cha polisi.';
export const meeting2 = 'Nenda na rafiki au ndugu, na mwambie mtu unakokwenda na unayekutana naye.';
export const meeting3 = 'Usibebe pesa taslimu nyingi. Lipa kwa M-Pesa au kwa kuhamisha pesa benki ukisharidhika na bidhaa.';
export const meeting4 = 'Kwa vitu vikubwa unavyopaswa kuangalia nyumbani au kwenye yadi, nenda na mtu na uondoke kama kuna kitu kisichokaa sawa.';
export const meeting5 = 'Wauzaji: usimkaribishe mgeni nyumbani kwako ukiwa peke yako, na usikabidhi bidhaa kabla pesa hazijafika.';

export const beforePayHeading = 'Kabla ya kulipa';
export const beforePay1 = 'Kagua bidhaa na uijaribu: washa simu, piga simu, angalia chaja, endesha gari.';
export const beforePay2 = 'Kwa simu, hakikisha IMEI (piga *#06#) inalingana na ile iliyo kwenye boksi na kwamba simu haijafungwa kwenye akaunti ya mtu mwingine.';
export const beforePay3 = 'Kwa kitu chochote cha thamani, omba risiti au makubaliano ya mauzo yaliyoandikwa, yenye jina la muuzaji na nambari ya kitambulisho chake.';
export const beforePay4 = 'Kama bei iko chini sana kuliko bei ya vitu vinavyofanana, jiulize kwa nini.';

export const vehicleHeading = 'Kununua gari au pikipiki';
export const vehicle1 = 'Omba logbook na ufanye utafutaji rasmi wa gari kwenye tovuti ya NTSA kupitia eCitizen. Hakikisha jina la mmiliki linalingana na kitambulisho cha muuzaji na kwamba hakuna benki au mkopeshaji aliyeorodheshwa kama mmiliki wa pamoja.';
export const vehicle2 = 'Hakikisha nambari za chasisi na injini kwenye gari zinalingana na logbook.';
export const vehicle3 = 'Mwombe fundi unayemwamini alikague, na fanya uhamisho wa umiliki kupitia NTSA kabla ya kulipa au wakati wa kulipa.';

export const propertyHeading = 'Kununua ardhi au nyumba, au kupanga';
export const property1 = 'Fanya utafutaji rasmi wa ardhi kwenye Wizara ya Ardhi (kupitia Ardhisasa au eCitizen, au kwenye ofisi ya usajili wa ardhi) ili kuthibitisha nani anamiliki hati miliki na kama imewekwa rehani benki au ina zuio (caution).';
export const property2 = 'Tembelea ploti wewe mwenyewe, ongea na majirani, na tumia wakili kwa makubaliano ya mauzo na uhamisho.';
export const property3 = 'Kwa nyumba za kupangisha, usilipe kamwe “ada ya kuangalia” au amana kabla hujaona nyumba na kuthibitisha kwamba mtu huyo ndiye mwenye nyumba au wakala wake halisi.';

export const scamsHeading = 'Utapeli wa kawaida na jinsi ya kuutambua';
export const fakeMpesaHeading = 'Jumbe feki za uthibitisho wa M-Pesa';
export const fakeMpesa = 'Mnunuzi “analipa” na unapokea SMS inayofanana na uthibitisho wa M-Pesa, lakini imetoka kwa nambari ya simu ya kawaida, si kutoka MPESA. ';
export const fakeMpesaBold = 'Angalia salio lako la M-Pesa au taarifa yako ya M-Pesa, si ujumbe.';
export const fakeMpesaAfter = 'Piga *334# au fungua programu ya M-PESA uthibitishe kwamba pesa zimeingia kweli kabla hujakabidhi chochote.';
export const mistakeHeading = '“Nimekutumia pesa kimakosa”';
export const mistake = 'Mtu anakutumia ujumbe (mara nyingi feki) akisema amekutumia pesa kimakosa, kisha anapiga simu akikuomba uzirudishe. Angalia salio lako halisi la M-Pesa. Usirudishe chochote wewe mwenyewe: makosa ya kweli hurekebishwa na Safaricom mtumaji anapowaomba. Mwambie anayepiga awasiliane na Safaricom.';
export const depositsHeading = 'Amana kwa bidhaa ambazo hujaziona';
export const deposits = '“Muuzaji” mwenye bei nzuri sana anasema yuko mashambani au nje ya nchi na anaomba amana, ada ya usafirishaji au ada ya kutoa mzigo bandarini kabla ya kutuma bidhaa. Bidhaa haifiki kamwe. Usilipe kamwe kabla ya kuiona.';
export const jobsHeading = 'Kazi feki zinazoomba ada';
export const jobs = 'Waajiri wa kweli hawatozi pesa kwa maombi ya kazi, usaili, vipimo vya afya, sare au mafunzo. Tangazo la kazi likiomba pesa kwanza, ni utapeli. Kwa kazi za nje ya nchi, hakikisha wakala wa ajira amesajiliwa na National Employment Authority (NEA).';
export const overpaymentHeading = 'Utapeli wa kulipa zaidi';
export const overpayment = 'Mnunuzi “kwa bahati mbaya” anakulipa zaidi ya bei, kwa hundi au uhamisho ambao bado haujakamilika, na anakuomba umrudishie tofauti. Malipo ya awali baadaye yanakataliwa au yanarudishwa na unapoteza bidhaa na “chenji”. Kataa malipo ya ziada na uombe kiasi kamili.';
export const codesHeading = 'Maombi ya nambari za kuthibitisha, PIN na manenosiri';
export const codes = 'Hakuna mnunuzi anayehitaji PIN yako ya M-Pesa, nambari ya kuthibitisha iliyotumwa kwenye simu yako, au nenosiri lako la Soko. Wafanyakazi wa Soko pia hawatakuomba kamwe. Yeyote anayeviomba anajaribu kuchukua akaunti yako au pesa zako.';

export const wrongHeading = 'Kama kuna tatizo';
export const wrong1 = 'Acha mawasiliano yote na usitume pesa zaidi ili “kurudisha” ulichopoteza.';
export const wrong2 = 'Kama M-Pesa ilitumika, piga huduma kwa wateja ya Safaricom kwa 100 mara moja.';
export const wrong3 = 'Ripoti kwenye kituo cha polisi kilicho karibu na uhifadhi jumbe, nambari na risiti kama ushahidi.';
export const tellUs = 'Tuambie';
export const wrong4 = ' ukiweka kiungo cha tangazo, ili tuliondoe na tuwaonye wengine.';
