import { useRef, useState } from 'react';
import { formatPhone, whatsAppUrl } from '~/lib/phone';
import { toast } from '~/lib/toast';

type Props = { listingId: string; listingTitle: string };

/** What the phone API answered: the number, null when the seller gave none. */
type Fetched = { ok: true; phoneNumber: string | null } | { ok: false; message: string };

async function fetchPhone(listingId: string): Promise<Fetched> {
  try {
    const res = await fetch(`/api/listings/${encodeURIComponent(listingId)}/phone`, { headers: { Accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as { phoneNumber?: string | null; message?: string } | null;
    if (!res.ok) return { ok: false, message: body?.message || 'Could not load the phone number. Please try again.' };
    return { ok: true, phoneNumber: body?.phoneNumber ?? null };
  } catch {
    return { ok: false, message: 'Network error. Please check your connection and try again.' };
  }
}

/** The greeting plus listing title the chat opens with (spec section 1). */
export function chatMessage(title: string): string {
  return `Hello, I'm interested in your ad "${title}" on Soko. Is it still available?`;
}

/**
 * Show/Hide phone and the WhatsApp button. The number is never in the page HTML: it is fetched
 * from the rate-limited API only when the visitor asks (DESIGN.md section 5), then remembered.
 */
export function PhoneReveal({ listingId, listingTitle }: Props) {
  // undefined: not asked yet; null: the seller has no number.
  const [phone, setPhone] = useState<string | null | undefined>(undefined);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const pending = useRef<Promise<Fetched> | null>(null);

  /** The number, fetched once; concurrent clicks share one request. */
  const getPhone = async (): Promise<string | null | undefined> => {
    if (phone !== undefined) return phone;
    setBusy(true);
    pending.current ??= fetchPhone(listingId);
    const result = await pending.current;
    pending.current = null;
    setBusy(false);
    if (!result.ok) {
      setProblem(result.message);
      toast.error(result.message);
      return undefined;
    }
    setProblem('');
    setPhone(result.phoneNumber);
    return result.phoneNumber;
  };

  const toggle = async () => {
    if (shown) {
      setShown(false);
      toast('Phone number hidden');
      return;
    }
    const number = await getPhone();
    if (number === undefined) return;
    if (number === null) {
      setProblem('Phone number not available for this seller.');
      toast.error('Phone number not available for this seller.');
      return;
    }
    setShown(true);
    toast.success('Phone number displayed!');
  };

  const chat = async () => {
    const number = await getPhone();
    if (number === undefined) return;
    const url = number === null ? null : whatsAppUrl(number, chatMessage(listingTitle));
    if (!url) {
      toast.error('Cannot message seller: Phone number not available for this listing.');
      return;
    }
    toast.success('Opening WhatsApp to message the seller!');
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <div className="flex flex-col gap-2">
      {shown && phone && (
        <p className="text-lg font-bold tracking-wide" data-testid="seller-phone">
          <a href={`tel:${phone}`} className="text-brand-700 underline dark:text-brand-100">{formatPhone(phone)}</a>
        </p>
      )}
      {problem && !shown && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">{problem}</p>
      )}
      <button type="button" onClick={toggle} disabled={busy} aria-pressed={shown} className="btn-primary w-full">
        {shown ? 'Hide phone number' : busy ? 'Loading...' : 'Show phone number'}
      </button>
      <button type="button" onClick={chat} disabled={busy} className="btn w-full bg-[#128c4a] text-white hover:bg-[#0e6f3a]">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.8-1.4a.5.5 0 0 0 0-.5l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.7a2.7 2.7 0 0 0 1.8-1.3 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3z" />
        </svg>
        Chat on WhatsApp
      </button>
    </div>
  );
}
