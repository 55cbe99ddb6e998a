/** Kiswahili of kernel/i18n/en/sms.ts (docs/swahili-glossary.md, "code (SMS)"): one 160-character part. */

export const phoneCode = (p: { code: string; minutes: number }) =>
  `Nambari yako ya kuthibitisha ya Soko ni ${p.code}. Itaisha baada ya dakika ${p.minutes}. Usimpe mtu yeyote, hata mnunuzi au muuzaji.`;
