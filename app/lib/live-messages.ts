import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

/** How often the polling fallback asks whether anything changed (issue 43: new messages show within 2 s). */
const POLL_MS = 2000;
/** After the last messages page goes, the stream stays open this long, so the next one (inbox → thread) takes it over. */
const LINGER_MS = 5000;

/*
 * One live connection per tab, shared by the messages pages (module state, not per page). The
 * server pushes the user's messages tag over an event stream (/messages/events); a tag other than
 * the one the page was loaded with reloads the page's data (and the header's count). The browser
 * reconnects a dropped stream by itself and sends the last tag it saw, and the server answers at
 * once when the database moved meanwhile, so nothing is missed. Where EventSource is missing or
 * the server refuses the stream, the page polls /messages/updates with the tag as an ETag instead.
 */
let known = '';
let stop: (() => void) | null = null;
let linger: number | undefined;
const pages = new Set<() => void>();

function changed(tag: string) {
  if (!tag || tag === known) return;
  known = tag;
  for (const reload of pages) reload();
}

function poll(): () => void {
  let busy = false;
  const tick = async () => {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const res = await fetch('/messages/updates', { headers: { 'If-None-Match': `"${known}"` }, cache: 'no-store' });
      if (res.status === 200) changed((res.headers.get('ETag') ?? '').replaceAll('"', ''));
    } catch {
      // Offline for a moment: the next tick asks again.
    } finally {
      busy = false;
    }
  };
  const timer = window.setInterval(() => void tick(), POLL_MS);
  return () => window.clearInterval(timer);
}

function connect(): () => void {
  if (typeof EventSource === 'undefined') return poll();
  const source = new EventSource(`/messages/events?since=${encodeURIComponent(known)}`);
  let fallback: (() => void) | null = null;
  source.onmessage = (event: MessageEvent<string>) => changed(event.data);
  source.onerror = () => {
    // CONNECTING: the browser is reconnecting by itself. CLOSED: refused (an error status), so poll.
    if (source.readyState === EventSource.CLOSED && !fallback) fallback = poll();
  };
  return () => {
    source.close();
    fallback?.();
  };
}

/** Keeps an open inbox or thread up to date; `tag` is the page's messages tag from its loader. */
export function useLiveMessages(tag: string): void {
  const revalidator = useRevalidator();
  // The revalidator's identity changes with its state; the connection must not restart each time.
  const current = useRef(revalidator);
  current.current = revalidator;
  useEffect(() => {
    known = tag;
  }, [tag]);
  useEffect(() => {
    const reload = () => void current.current.revalidate();
    pages.add(reload);
    window.clearTimeout(linger);
    stop ??= connect();
    return () => {
      pages.delete(reload);
      if (pages.size) return;
      linger = window.setTimeout(() => {
        if (pages.size) return;
        stop?.();
        stop = null;
      }, LINGER_MS);
    };
  }, []);
}
