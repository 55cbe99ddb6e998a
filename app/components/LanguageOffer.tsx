import { useLocation } from 'react-router';
import { languageSwitchHref } from '#kernel/i18n/language-switch.ts';

/**
 * Above an English page's header, for a first visit whose browser prefers Swahili (issue 45
 * point 2: offered, never redirected; the root loader decides, kernel/i18n/language-switch.ts).
 * Both links are plain links through GET /language, so they work without JavaScript and the
 * choice is remembered: Swahili, or English, which dismisses the offer for good. In Swahili,
 * since it is written for a reader of Swahili.
 */
export function LanguageOffer() {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <p lang="sw-KE" className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-brand-700 px-4 py-2 text-sm text-white" data-testid="language-offer">
      <a href={languageSwitchHref('sw', here)} hrefLang="sw-KE" className="font-semibold underline">
        Soma Soko kwa Kiswahili
      </a>
      <a href={languageSwitchHref('en', here)} hrefLang="en-KE" className="underline">
        Hapana, asante
      </a>
    </p>
  );
}
