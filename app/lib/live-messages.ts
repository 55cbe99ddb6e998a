import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/** How often an open inbox or thread asks whether anything changed (issue 43: new messages show within 2 s). */
const POLL_MS = 2000;

/**
 * With JavaScript, an open inbox or thread picks up new messages: every 2 s it asks
 * /messages/updates for a short version string (304 while it stays the same) and reloads the
 * page's data only when it moves. Paused while the tab is hidden; a failed request is simply
 * tried again at the next tick, so a dropped connection misses nothing.
 */
export function useLiveMessages(): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    let etag: string | null = null;
    let busy = false;
    const tick = async () => {
      if (busy || document.hidden) return;
      busy = true;
      try {
        const res = await fetch('/messages/updates', { headers: etag ? { 'If-None-Match': etag } : {}, cache: 'no-store' });
        const next = res.headers.get('ETag');
        if (res.status === 200 && next && next !== etag) {
          const first = etag === null;
          etag = next;
          if (!first) await revalidator.revalidate();
        }
      } catch {
        // Offline for a moment: the next tick asks again.
      } finally {
        busy = false;
      }
    };
    void tick();
    const timer = window.setInterval(() => void tick(), POLL_MS);
    return () => window.clearInterval(timer);
    // The revalidator's identity changes with its state; the poll must not restart each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
