import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Polls GET /api/payments/:tx_ref, slowing down over time, and reloads the page's data once the
 * payment is no longer pending; the loader then shows (or redirects to) the verdict.
 */
export function usePaymentPolling(txRef: string, options: { firstDelayMs?: number; maxDelayMs?: number } = {}) {
  const revalidator = useRevalidator();
  const first = options.firstDelayMs ?? 3000;
  const max = options.maxDelayMs ?? 15_000;
  useEffect(() => {
    let stopped = false;
    let delay = first;
    let timer: number | undefined;
    const tick = async () => {
      try {
        const res = await fetch(`/api/payments/${encodeURIComponent(txRef)}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
        const body = (await res.json().catch(() => ({}))) as { status?: string };
        if (!stopped && res.ok && body.status && body.status !== 'pending') {
          void revalidator.revalidate();
          return;
        }
      } catch {
        // Offline for a moment: try again later.
      }
      delay = Math.min(delay * 1.5, max);
      if (!stopped) timer = window.setTimeout(tick, delay);
    };
    timer = window.setTimeout(tick, delay);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // revalidator is a new object on every render; polling depends on the reference only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [txRef, first, max]);
}
