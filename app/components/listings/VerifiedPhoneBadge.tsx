import { verifiedPhone } from '#messages/browse.ts';

/** "Verified phone": the seller proved the number buyers call is theirs (issue 19), on the ad page and the seller page. */
export function VerifiedPhoneBadge({ className = '' }: { className?: string }) {
  return (
    <p className={`inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-100 ${className}`} data-testid="verified-phone">
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 20 20" fill="currentColor">
        <path d="M8 14.2 3.8 10l1.4-1.4L8 11.4l6.8-6.8 1.4 1.4z" />
      </svg>
      {verifiedPhone}
    </p>
  );
}
