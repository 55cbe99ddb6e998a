import { useEffect } from 'react';
import { toast } from '~/lib/toast';
import { useHydrated } from './PasswordInput';

/**
 * A server message shown in red (spec: login and register errors), announced to screen readers.
 * With `focus` it takes the focus when it appears, which also scrolls it into view below the
 * sticky header: by the autofocus attribute when the page comes from a plain form post (no
 * JavaScript), by React when it appears later.
 */
export function ErrorAlert({ message, id, focus = false, ref }: { message: string | null | undefined; id?: string; focus?: boolean; ref?: React.Ref<HTMLParagraphElement> }) {
  if (!message) return null;
  return (
    <p
      ref={ref}
      id={id}
      role="alert"
      tabIndex={focus ? -1 : undefined}
      autoFocus={focus}
      className="scroll-mt-32 rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm font-medium text-red-700 dark:bg-red-950 dark:text-red-300"
    >
      {message}
    </p>
  );
}

type FlashKind = 'success' | 'error' | 'plain';

/**
 * A one-off message after a redirect (?reset=1, ?updated=1...): in the page as the server
 * renders it (so it is seen without JavaScript), replaced by a toast once React runs.
 */
export function Flash({ message, kind = 'success', duration, param }: { message: string | null; kind?: FlashKind; duration?: number; param?: string }) {
  useEffect(() => {
    if (!message) return;
    const show = kind === 'plain' ? toast : toast[kind];
    show(message, duration ? { duration } : undefined);
    // Drop the flag from the address so a reload does not show the message again.
    if (param) {
      const url = new URL(window.location.href);
      url.searchParams.delete(param);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, [message, kind, duration, param]);
  const hydrated = useHydrated();
  if (!message || hydrated) return null;
  const style =
    kind === 'error'
      ? 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'
      : 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100';
  return <p className={`mb-4 rounded-lg border-l-4 px-4 py-3 text-sm ${style}`}>{message}</p>;
}
