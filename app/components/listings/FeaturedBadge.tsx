import { escapeHtml } from '~/lib/html';
import { featured } from '#messages/browse.ts';

const BADGE_CLASS = 'inline-flex items-center gap-1 rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-gray-950 shadow-sm';
const BADGE_CONTENT = `<svg aria-hidden="true" width="12" height="12" viewBox="0 0 20 20" fill="currentColor"><path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"></path></svg>${featured}`;

/** The 'Featured' badge on the detail page (cards write it with featuredBadgeHtml). */
export function FeaturedBadge({ className = '' }: { className?: string }) {
  return <span className={`${BADGE_CLASS} ${className}`} dangerouslySetInnerHTML={{ __html: BADGE_CONTENT }} />;
}

/** The same badge as HTML, for a card written as a string (ListingCard). */
export function featuredBadgeHtml(className: string): string {
  return `<span class="${escapeHtml(`${BADGE_CLASS} ${className}`)}">${BADGE_CONTENT}</span>`;
}
