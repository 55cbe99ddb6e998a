/** The 'Featured' badge on cards and the detail page. */
export function FeaturedBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-gray-950 shadow-sm ${className}`}>
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 20 20" fill="currentColor">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      Featured
    </span>
  );
}
