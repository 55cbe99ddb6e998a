import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BASE } from '#messages/locale.ts';

/**
 * Where a click on an InAppLink (`<a data-in-app>`) should go inside the app, or null when the
 * browser should handle it: another tab or window, a modified or non-primary click, a download,
 * another origin, or a click something else has handled already. Only InAppLinks: a <Link
 * reloadDocument> leaves its click to the browser and must keep it.
 */
export function inAppDestination(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[data-in-app]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.origin !== window.location.origin) return null;
  const path = `${link.pathname}${link.search}${link.hash}`;
  // The href is written under the build's prefix (/sw); React Router's navigate adds its basename itself.
  return BASE ? withoutBase(path) : path;
}

/** A path of this build's pages without its prefix: '/sw/listings' is '/listings' under the basename '/sw'. */
function withoutBase(path: string): string {
  const base: string = BASE;
  if (!base || !path.startsWith(base) || !(path === base || /^[/?#]/.test(path.charAt(base.length)))) return path;
  const rest = path.slice(base.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * InAppLinks navigate inside the app, as a <Link> would, through
 * one listener on the document: as <Link>s, the 24 card links of a results page and the header's
 * and footer's each resolved its path against the route tree on the server, about a tenth of
 * the page's rendering time. As <Link> does, a link to the page itself replaces its history entry.
 */
export function useInAppLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      const to = inAppDestination(event);
      if (to === null) return;
      event.preventDefault();
      const location = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const here = BASE ? withoutBase(location) : location;
      void navigate(to, { replace: to === here });
    };
    document.addEventListener('click', follow);
    return () => document.removeEventListener('click', follow);
  }, [navigate]);
}
