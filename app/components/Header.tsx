import { useEffect, useRef, type FormEvent } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { InAppLink } from './InAppLink';
import { CATEGORIES, categoryLabel, resolveCategory } from '#kernel/categories.ts';
import { Logo } from './Logo';
import { attachSuggestions } from './suggestions-loader.client';
import {
  account,
  accountMenu,
  categories,
  greeting,
  helpContact,
  location as locationLabel,
  locationExample,
  login,
  logout,
  manageMyAds,
  menu,
  messages,
  messagesUnreadAfter,
  messagesUnreadBefore,
  moderation,
  myDetails,
  postAd,
  savedAds,
  savedSearches,
  search,
  searchPlaceholder,
  searchTerm,
  signUp,
  siteSearch,
  skipToContent,
  unreadAfter,
  unreadBefore,
} from '#messages/common.ts';
import { BASE } from '#messages/locale.ts';

type HeaderUser = { firstName: string; savedCount?: number | null; searchCount?: number | null; unreadMessages?: number | null; admin?: boolean } | null;

/** Spec: header search sends only the non-empty trimmed values to /products; nothing when both are blank. */
export function buildSearchUrl(search: string, location: string): string | null {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (location.trim()) params.set('location', location.trim());
  const query = params.toString();
  return query ? `/products?${query.replace(/\+/g, '%20')}` : null;
}

/** Closes every open header menu (they are <details data-menu>, so they work without JavaScript). */
function closeMenus(except?: Element | null) {
  for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')) {
    if (menu !== except) menu.open = false;
  }
}

/**
 * JavaScript's part of the menus: they close on navigation, on a click or tap outside them and
 * on Escape (focus goes back to the menu's button). Opening and closing is the browser's own.
 */
function useMenusClose() {
  const location = useLocation();
  useEffect(() => closeMenus(), [location.key]);
  useEffect(() => {
    const outside = (event: PointerEvent) => closeMenus((event.target as Element | null)?.closest('details[data-menu]'));
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const open = document.querySelector<HTMLDetailsElement>('details[data-menu][open]');
      if (!open) return;
      closeMenus();
      open.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, []);
}

/** Suggestions as the buyer types (issue 42): their code is fetched on the box's first focus or input, not with every page. */
function suggestions(event: { currentTarget: HTMLInputElement }) {
  attachSuggestions(event.currentTarget);
}

/** The two header search forms: the mobile one says 'Location', the wide one 'e.g., London' (spec). */
function SearchForm({ idPrefix, locationPlaceholder }: { idPrefix: string; locationPlaceholder: string }) {
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = buildSearchUrl(searchRef.current?.value ?? '', locationRef.current?.value ?? '');
    if (!url) return;
    navigate(url);
    if (searchRef.current) searchRef.current.value = '';
    if (locationRef.current) locationRef.current.value = '';
  };
  return (
    <form role="search" aria-label={siteSearch} action={`${BASE}/products`} method="get" onSubmit={submit} className="relative flex w-full flex-col gap-2 md:flex-row md:items-center">
      <label htmlFor={`${idPrefix}-search`} className="sr-only">{searchTerm}</label>
      <input ref={searchRef} id={`${idPrefix}-search`} name="search" type="search" placeholder={searchPlaceholder} className="input md:flex-[2]" autoComplete="off" enterKeyHint="search" onFocus={suggestions} onInput={suggestions} />
      <label htmlFor={`${idPrefix}-location`} className="sr-only">{locationLabel}</label>
      <input ref={locationRef} id={`${idPrefix}-location`} name="location" type="text" placeholder={locationPlaceholder} className="input md:flex-1" autoComplete="address-level2" />
      <button type="submit" className="btn-primary">{search}</button>
    </form>
  );
}

function MenuLinks({ user }: { user: HeaderUser }) {
  const item = 'block rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
  if (!user) {
    return (
      <ul className="flex flex-col gap-1 md:flex-row">
        <li><InAppLink className={item} to="/auth/register">{signUp}</InAppLink></li>
        <li><InAppLink className={item} to="/auth/login">{login}</InAppLink></li>
      </ul>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      <li><InAppLink className={item} to="/manage-ads">{manageMyAds}</InAppLink></li>
      <li>
        <InAppLink className={item} to="/favourites">
          {savedAds}{user.savedCount != null && <span data-testid="saved-count"> ({user.savedCount})</span>}
        </InAppLink>
      </li>
      <li>
        <InAppLink className={item} to="/my-alerts">
          {savedSearches}{user.searchCount != null && <span data-testid="search-count"> ({user.searchCount})</span>}
        </InAppLink>
      </li>
      <li>
        <InAppLink className={item} to="/messages">
          {messages}{user.unreadMessages ? <span>{unreadBefore}{user.unreadMessages}{unreadAfter}</span> : null}
        </InAppLink>
      </li>
      <li><InAppLink className={item} to="/my-details">{myDetails}</InAppLink></li>
      {user.admin && <li><InAppLink className={item} to="/admin">{moderation}</InAppLink></li>}
      <li><InAppLink className={item} to="/help-contact">{helpContact}</InAppLink></li>
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={`${item} w-full text-left`}>{logout}</button>
        </Form>
      </li>
    </ul>
  );
}

/** The envelope beside the menu on every page: the way into /messages, with the unread count. */
function MessagesLink({ unread }: { unread: number }) {
  const label = unread > 0 ? `${messagesUnreadBefore}${unread}${messagesUnreadAfter}` : messages;
  return (
    <InAppLink to="/messages" aria-label={label} className="btn-secondary relative px-3" data-testid="messages-link">
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
        <path d="M2 5a2 2 0 012-2h12a2 2 0 012 2v10a2 2 0 01-2 2H4a2 2 0 01-2-2V5zm2.4 0L10 9.2 15.6 5H4.4zM16 6.8l-5.4 4a1 1 0 01-1.2 0L4 6.8V15h12V6.8z" />
      </svg>
      {unread > 0 ? (
        <span aria-hidden="true" data-testid="unread-count" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </InAppLink>
  );
}

/** The category the address shows (/listings?category=…, /category/<slug>), for aria-current on one link only. */
function currentCategory(pathname: string, search: string): string | null {
  if (pathname === '/listings' || pathname === '/products') return resolveCategory(new URLSearchParams(search).get('category'));
  const slug = /^\/category\/([^/]+)/.exec(pathname)?.[1];
  return slug ? resolveCategory(slug) : null;
}

export function Header({ user }: { user: HeaderUser }) {
  useMenusClose();
  const location = useLocation();
  const current = currentCategory(location.pathname, location.search);
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black">
        {skipToContent}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2">
        <Logo />
        <div className="hidden flex-1 md:block">
          <SearchForm idPrefix="header" locationPlaceholder={locationExample} />
        </div>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <InAppLink to="/post-ad" className="btn-primary whitespace-nowrap bg-accent-500 text-gray-950 hover:bg-amber-400">{postAd}</InAppLink>
          {user && <MessagesLink unread={user.unreadMessages ?? 0} />}
          {user ? (
            <details data-menu className="relative hidden md:block">
              <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">{greeting}{user.firstName}</summary>
              <nav aria-label={accountMenu} className="absolute right-0 mt-2 w-56 rounded-lg border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-800 dark:bg-gray-900">
                <MenuLinks user={user} />
              </nav>
            </details>
          ) : (
            <nav aria-label={account} className="hidden md:block">
              <MenuLinks user={user} />
            </nav>
          )}
          {/* The mobile menu: a <details>, so it opens and closes before (and without) JavaScript. */}
          <details data-menu className="group md:hidden">
            <summary className="btn-secondary cursor-pointer list-none px-3 [&::-webkit-details-marker]:hidden" aria-controls="mobile-menu">
              <span className="sr-only">{menu}</span>
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
                <path className="group-open:hidden" d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
                <path className="hidden group-open:block" d="M4.3 4.3a1 1 0 011.4 0L10 8.6l4.3-4.3a1 1 0 111.4 1.4L11.4 10l4.3 4.3a1 1 0 01-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 01-1.4-1.4L8.6 10 4.3 5.7a1 1 0 010-1.4z" />
              </svg>
            </summary>
            <div id="mobile-menu" className="absolute inset-x-0 top-full border-y border-gray-200 bg-white px-4 py-3 shadow-lg dark:border-gray-800 dark:bg-gray-900">
              <SearchForm idPrefix="mobile" locationPlaceholder={locationLabel} />
              <nav aria-label={accountMenu} className="mt-2">
                <MenuLinks user={user} />
              </nav>
            </div>
          </details>
        </div>
      </div>
      <nav aria-label={categories} className="border-t border-gray-100 dark:border-gray-800">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-1 text-sm [scrollbar-width:none]">
          {CATEGORIES.map((c) => (
            <li key={c} className="shrink-0">
              <InAppLink
                to={`/listings?category=${encodeURIComponent(c)}`}
                aria-current={c === current ? 'page' : undefined}
                className="block rounded-full px-3 py-1.5 text-gray-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:text-gray-300 dark:hover:bg-gray-800"
              >
                {categoryLabel?.(c) ?? c}
              </InAppLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
