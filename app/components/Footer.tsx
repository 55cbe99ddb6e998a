import { InAppLink } from './InAppLink';
import { Logo } from './Logo';
import { ThemeSwitcher } from './ThemeSwitcher';
import { footerLabel, helpContact, privacy, rightsReserved, slogan, terms } from '#messages/common.ts';
import { BASE, otherLang, otherLanguage, otherLocale } from '#messages/locale.ts';
import { useLocation } from 'react-router';
import { languageSwitchHref } from '#kernel/i18n/language-switch.ts';
import { SWAHILI_OFFERED } from '#kernel/i18n/locales.ts';

export function Footer() {
  const { pathname, search } = useLocation();
  return (
    <footer className="mt-12 border-t border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <Logo />
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{slogan}</p>
        </div>
        <nav aria-label={footerLabel} className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <InAppLink className="hover:underline" to="/help-contact">{helpContact}</InAppLink>
          <InAppLink className="hover:underline" to="/terms">{terms}</InAppLink>
          <InAppLink className="hover:underline" to="/privacy">{privacy}</InAppLink>
          {/* A plain link: the other language is another build, so a page load, with or without JavaScript. English is always offered back. */}
          {(SWAHILI_OFFERED || BASE !== '') && (
            <a className="hover:underline" href={languageSwitchHref(otherLocale, pathname + search)} hrefLang={otherLang} lang={otherLang} data-testid="language-switch">
              {otherLanguage}
            </a>
          )}
        </nav>
        <ThemeSwitcher />
      </div>
      <p className="border-t border-gray-100 px-4 py-4 text-center text-xs text-gray-600 dark:border-gray-800 dark:text-gray-400">
        © {new Date().getFullYear()}
        {rightsReserved}
      </p>
    </footer>
  );
}
