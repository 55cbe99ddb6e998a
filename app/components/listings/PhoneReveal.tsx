import { useRef, useState, type FormEvent } from 'react';
import { formatPhone, whatsAppNumber } from '#kernel/phone.ts';
import { toast } from '~/lib/toast';
import { call, callBefore, chatOnWhatsApp, hidePhone, loading, networkError, noChat, noPhone, openingWhatsApp, phoneHidden, phoneLoadFailed, phoneShown, showPhone } from '#messages/ad.ts';
import { BASE } from '#messages/locale.ts';

/** What the phone API answered: the number, null when the seller gave none. */
type Fetched = { ok: true; phoneNumber: string | null } | { ok: false; message: string };

async function fetchPhone(listingId: string): Promise<Fetched> {
  try {
    const res = await fetch(`/api/listings/${encodeURIComponent(listingId)}/phone`, { headers: { Accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as { phoneNumber?: string | null; message?: string } | null;
    if (!res.ok) return { ok: false, message: body?.message || phoneLoadFailed };
    return { ok: true, phoneNumber: body?.phoneNumber ?? null };
  } catch {
    return { ok: false, message: networkError };
  }
}

/**
 * Where the WhatsApp buttons go once the number is known: our counting redirect, which answers
 * with the wa.me address (server-side, so the tap is counted for the seller with or without JavaScript).
 */
const chatPath = (listingId: string) => `${BASE}/listing/${encodeURIComponent(listingId)}/whatsapp`;

export const NO_PHONE = noPhone;
export const NO_CHAT = noChat;

/** What the page's own action answered to a plain form post (no JavaScript): the number or why not. */
export type RevealResult = { phone: string | null; intent: string } | { error: string } | undefined;

/**
 * The seller's number on this page. It is never in the page HTML until asked for: without
 * JavaScript the Show phone, Call and WhatsApp buttons post to the page, whose action reveals it
 * (the rate-limited revealPhone); with JavaScript they fetch it from the API instead, once, and
 * it is remembered (DESIGN.md section 5). Shared by the seller card and the bottom bar.
 */
export function useSellerPhone(listingId: string, posted: RevealResult) {
  const fromPost = posted && 'phone' in posted ? posted.phone : undefined;
  // undefined: not asked yet; null: the seller has no number.
  const [phone, setPhone] = useState<string | null | undefined>(fromPost);
  const [shown, setShown] = useState(fromPost != null);
  const [busy, setBusy] = useState(false);
  const initialProblem = posted && 'error' in posted ? posted.error : fromPost === null ? (posted && 'intent' in posted && posted.intent === 'whatsapp' ? NO_CHAT : NO_PHONE) : '';
  const [problem, setProblem] = useState(initialProblem);
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

  const show = async (): Promise<string | null> => {
    const number = await getPhone();
    if (number === undefined) return null;
    if (number === null) {
      setProblem(NO_PHONE);
      toast.error(NO_PHONE);
      return null;
    }
    setShown(true);
    return number;
  };

  return {
    phone,
    shown,
    busy,
    problem,
    async toggle() {
      if (shown) {
        setShown(false);
        toast(phoneHidden);
        return;
      }
      if (await show()) toast.success(phoneShown);
    },
    async call() {
      const number = await show();
      if (number) window.location.href = `tel:${number}`;
    },
    async chat() {
      const number = await getPhone();
      if (number === undefined) return;
      if (number === null || !whatsAppNumber(number)) {
        setProblem(NO_CHAT);
        toast.error(NO_CHAT);
        return;
      }
      toast.success(openingWhatsApp);
      window.open(chatPath(listingId), '_blank', 'noopener,noreferrer');
    },
    chatUrl: phone && whatsAppNumber(phone) ? chatPath(listingId) : null,
  };
}

export type SellerPhone = ReturnType<typeof useSellerPhone>;

/** Which button sent a form: the plain post names it in `intent`. */
const intentOf = (event: FormEvent<HTMLFormElement>) => ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;

function WhatsAppIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.8-1.4a.5.5 0 0 0 0-.5l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.7a2.7 2.7 0 0 0 1.8-1.3 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3z" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" fill="currentColor">
      <path d="M2 3.5A1.5 1.5 0 0 1 3.5 2h2.2a1 1 0 0 1 1 .8l.7 3.3a1 1 0 0 1-.5 1.1L5.4 8a11 11 0 0 0 6.6 6.6l.8-1.5a1 1 0 0 1 1.1-.5l3.3.7a1 1 0 0 1 .8 1v2.2a1.5 1.5 0 0 1-1.5 1.5h-1A14.5 14.5 0 0 1 2 4.5z" />
    </svg>
  );
}

// WhatsApp's green darkened until white text on it passes 4.5:1 (5.27:1; #128c4a was 4.31:1).
const chatClass = 'btn w-full bg-[#107c41] text-white hover:bg-[#0e6f3a]';

/**
 * Show/Hide phone and the WhatsApp button in the seller card. Plain forms posting to the page
 * (the answer lands back here, at #contact); JavaScript fetches instead and adds the toasts.
 */
export function PhoneReveal({ listingId, contact }: { listingId: string; contact: SellerPhone }) {
  const { phone, shown, busy, problem, chatUrl } = contact;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (intentOf(event) === 'whatsapp') void contact.chat();
    else void contact.toggle();
  };
  return (
    <div id="contact" className="flex scroll-mt-32 flex-col gap-2">
      {shown && phone && (
        <p className="text-lg font-bold tracking-wide" data-testid="seller-phone">
          <a href={`tel:${phone}`} className="text-brand-700 underline dark:text-brand-100">{formatPhone(phone)}</a>
        </p>
      )}
      {problem && !shown && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">{problem}</p>
      )}
      <form method="post" action={`${BASE}/listing/${listingId}#contact`} onSubmit={onSubmit} className="flex flex-col gap-2">
        {shown && phone ? (
          // Hiding needs nothing from the server: without JavaScript the page comes back without the number.
          <button type="submit" name="intent" value="hide" aria-pressed="true" className="btn-primary w-full">
            {hidePhone}
          </button>
        ) : (
          <button type="submit" name="intent" value="phone" disabled={busy} aria-pressed="false" className="btn-primary w-full">
            {busy ? loading : showPhone}
          </button>
        )}
        {chatUrl ? (
          <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={chatClass} onClick={() => toast.success(openingWhatsApp)}>
            <WhatsAppIcon />
            {chatOnWhatsApp}
          </a>
        ) : (
          <button type="submit" name="intent" value="whatsapp" disabled={busy} className={chatClass}>
            <WhatsAppIcon />
            {chatOnWhatsApp}
          </button>
        )}
      </form>
    </div>
  );
}

/** The bar at the bottom of a phone's screen (also the ad page's Message seller bar for a seller who takes messages only). */
export const bottomBarClass =
  'fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] backdrop-blur md:hidden dark:border-gray-800 dark:bg-gray-900/95';

/**
 * Call and WhatsApp, always in reach at the bottom of a phone's screen. Before the number is
 * revealed they are buttons of a form posting to the page; after, plain tel: and wa.me links.
 */
export function ContactBar({ listingId, contact }: { listingId: string; contact: SellerPhone }) {
  const { phone, busy, chatUrl } = contact;
  const item = 'btn flex-1 py-3 text-base';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (intentOf(event) === 'whatsapp') void contact.chat();
    else void contact.call();
  };
  return (
    <div data-testid="contact-bar" className={bottomBarClass}>
      {phone ? (
        <div className="flex gap-2">
          <a href={`tel:${phone}`} className={`${item} bg-brand-700 text-white`} aria-label={`${callBefore}${formatPhone(phone)}`}>
            <PhoneIcon />
            {call}
          </a>
          {chatUrl && (
            <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={`${item} bg-[#107c41] text-white`} onClick={() => toast.success(openingWhatsApp)}>
              <WhatsAppIcon />
              WhatsApp
            </a>
          )}
        </div>
      ) : (
        <form method="post" action={`${BASE}/listing/${listingId}#contact`} onSubmit={onSubmit} className="flex gap-2">
          <button type="submit" name="intent" value="call" disabled={busy || phone === null} className={`${item} bg-brand-700 text-white`}>
            <PhoneIcon />
            {call}
          </button>
          <button type="submit" name="intent" value="whatsapp" disabled={busy || phone === null} className={`${item} bg-[#107c41] text-white`}>
            <WhatsAppIcon />
            WhatsApp
          </button>
        </form>
      )}
    </div>
  );
}
