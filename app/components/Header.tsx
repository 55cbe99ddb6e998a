import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, NavLink, useNavigate } from 'react-router';
import { CATEGORIES } from '~/lib/categories';
import { Logo } from './Logo';

type HeaderUser = { firstName: string } | null;

/** Spec: header search sends only the non-empty trimmed values to /products; nothing when both are blank. */
export function buildSearchUrl(search: string, location: string): string | null {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (location.trim()) params.set('location', location.trim());
  const query = params.toString();
  return query ? `/products?${query.replace(/\+/g, '%20')}` : null;
}

function useWideScreen(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const media = matchMedia('(min-width: 768px)');
    const update = () => setWide(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return wide;
}

function SearchForm({ onDone, idPrefix }: { onDone: () => void; idPrefix: string }) {
  const navigate = useNavigate();
  const wide = useWideScreen();
  const searchRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = buildSearchUrl(searchRef.current?.value ?? '', locationRef.current?.value ?? '');
    if (!url) return;
    navigate(url);
    if (searchRef.current) searchRef.current.value = '';
    if (locationRef.current) locationRef.current.value = '';
    onDone();
  };
  return (
    <form role="search" action="/products" method="get" onSubmit={submit} className="flex w-full flex-col gap-2 md:flex-row md:items-center">
      <label htmlFor={`${idPrefix}-search`} className="sr-only">Search term</label>
      <input ref={searchRef} id={`${idPrefix}-search`} name="search" type="search" placeholder="What are you looking for?" className="input md:flex-[2]" autoComplete="off" enterKeyHint="search" />
      <label htmlFor={`${idPrefix}-location`} className="sr-only">Location</label>
      <input ref={locationRef} id={`${idPrefix}-location`} name="location" type="text" placeholder={wide ? 'e.g., London' : 'Location'} className="input md:flex-1" autoComplete="address-level2" />
      <button type="submit" className="btn-primary">Search</button>
    </form>
  );
}

function MenuLinks({ user, onNavigate }: { user: HeaderUser; onNavigate: () => void }) {
  const item = 'block rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
  if (!user) {
    return (
      <ul className="flex flex-col gap-1 md:flex-row">
        <li><Link className={item} to="/auth/register" onClick={onNavigate}>Sign up</Link></li>
        <li><Link className={item} to="/auth/login" onClick={onNavigate}>Login</Link></li>
      </ul>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      <li><Link className={item} to="/manage-ads" onClick={onNavigate}>Manage my Ads</Link></li>
      <li><Link className={item} to="/my-details" onClick={onNavigate}>My Details</Link></li>
      <li><Link className={item} to="/help-contact" onClick={onNavigate}>Help &amp; Contact</Link></li>
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={`${item} w-full text-left`}>Logout</button>
        </Form>
      </li>
    </ul>
  );
}

export function Header({ user }: { user: HeaderUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2">
        <Logo />
        <div className="hidden flex-1 md:block">
          <SearchForm onDone={close} idPrefix="header" />
        </div>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <Link to="/post-ad" className="btn-primary whitespace-nowrap bg-accent-500 text-gray-950 hover:bg-amber-400">Post an ad</Link>
          {user ? (
            <details className="relative hidden md:block">
              <summary className="btn-secondary cursor-pointer list-none">Hi, {user.firstName}</summary>
              <div className="absolute right-0 mt-2 w-56 rounded-lg border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-800 dark:bg-gray-900">
                <MenuLinks user={user} onNavigate={close} />
              </div>
            </details>
          ) : (
            <nav aria-label="Account" className="hidden md:block">
              <MenuLinks user={user} onNavigate={close} />
            </nav>
          )}
          <button
            type="button"
            className="btn-secondary px-3 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
              {menuOpen ? <path d="M4.3 4.3a1 1 0 011.4 0L10 8.6l4.3-4.3a1 1 0 111.4 1.4L11.4 10l4.3 4.3a1 1 0 01-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 01-1.4-1.4L8.6 10 4.3 5.7a1 1 0 010-1.4z" /> : <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />}
            </svg>
          </button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-gray-200 px-4 py-3 md:hidden dark:border-gray-800">
        <SearchForm onDone={close} idPrefix="mobile" />
        <nav aria-label="Account menu" className="mt-2">
          <MenuLinks user={user} onNavigate={close} />
        </nav>
      </div>
      <nav aria-label="Categories" className="border-t border-gray-100 dark:border-gray-800">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-1 text-sm [scrollbar-width:none]">
          {CATEGORIES.map((c) => (
            <li key={c} className="shrink-0">
              <NavLink
                to={`/listings?category=${encodeURIComponent(c)}`}
                className="block rounded-full px-3 py-1.5 text-gray-700 hover:bg-brand-50 hover:text-brand-800 dark:text-gray-300 dark:hover:bg-gray-800"
              >
                {c}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
