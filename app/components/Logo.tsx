import { InAppLink } from './InAppLink';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <InAppLink to="/" className={`inline-flex items-center gap-1.5 text-xl font-extrabold tracking-tight text-brand-700 dark:text-brand-100 ${className}`}>
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill="#047857" />
        <path d="M9 20.5c1.6 1.5 4 2.3 6.7 2.3 3.6 0 6.3-1.7 6.3-4.6 0-2.6-2-3.7-5.6-4.4-2.5-.5-3.3-.9-3.3-1.8 0-.9 1-1.5 2.6-1.5 1.8 0 3.4.6 4.6 1.6l1.9-2.7c-1.6-1.3-3.8-2.1-6.4-2.1-3.6 0-6.1 1.9-6.1 4.7 0 2.7 2 3.8 5.4 4.4 2.6.5 3.5.9 3.5 1.8 0 1-1.1 1.6-2.9 1.6-2 0-3.9-.8-5.1-2z" fill="#fff" />
      </svg>
      <span>Soko</span>
    </InAppLink>
  );
}
