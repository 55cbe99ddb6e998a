import type { AnchorHTMLAttributes } from 'react';
import { BASE } from '#messages/locale.ts';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to an absolute path of the app, followed inside the app by one document listener
 * (useInAppLinks, app/lib/in-app-links.ts) rather than by a handler of its own. For the links
 * every page repeats (header, footer, listing cards): React Router's <Link> resolves its path
 * against the route tree on the server for each one, and a results page had some 45.
 * `data-discover` lets React Router learn the route ahead of the click, as for a <Link>.
 * `to` is the app's path; the Swahili build writes it under /sw (`BASE`, '' in English, where the
 * condition folds away and the English page is as it was).
 */
export function InAppLink({ to, className, children, ...more }: Props) {
  // className and children by name: spreading a rest object that still held them made React's
  // server render of a page's some 40 links five times slower (45 links: 280 µs against 55).
  return (
    <a {...more} className={className} href={BASE ? `${BASE}${to}` : to} data-in-app="" data-discover="true">
      {children}
    </a>
  );
}

/** InAppLink's own attributes, for a link written as an HTML string. */
export const IN_APP_LINK = 'data-in-app="" data-discover="true"';
