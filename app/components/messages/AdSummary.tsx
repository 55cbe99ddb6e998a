import { cardImageUrl } from '#kernel/card-images.ts';
import { formatPrice } from '#kernel/money.ts';
import type { ConversationAd } from '#kernel/message-rules.ts';
import { stateDeleted, stateExpired, stateSold, stateUnavailable } from '#messages/conversations.ts';

const STATE_LABELS: Record<ConversationAd['state'], string | null> = {
  active: null,
  sold: stateSold,
  expired: stateExpired,
  unavailable: stateUnavailable,
  deleted: stateDeleted,
};

/** The ad a conversation is about: small photo, title, price, and its state when it is no longer on offer. */
export function AdSummary({ ad }: { ad: ConversationAd }) {
  const state = STATE_LABELS[ad.state];
  return (
    <div className="flex min-w-0 items-center gap-3">
      {ad.photo ? (
        <img src={cardImageUrl(ad.photo.key, 320, 'webp')} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded object-cover" />
      ) : (
        <span aria-hidden="true" className="h-12 w-16 shrink-0 rounded bg-gray-200 dark:bg-gray-800" />
      )}
      <div className="min-w-0">
        <p className="truncate font-semibold">{ad.title}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {ad.state === 'deleted' ? null : formatPrice(ad.price, ad.currency)}
          {state ? (
            <span data-testid="ad-state" className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {state}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}
