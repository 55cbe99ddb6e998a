import type { FormEvent } from 'react';
import { toast } from '~/lib/toast';
import { BASE } from '#messages/locale.ts';
import { email, linkToThisAd, share as shareText, shareFailed, shareThisAd } from '#messages/browse.ts';

/**
 * Share with the device's share sheet (Web Share API); without it, copy the link (share-sheet.ts,
 * loaded on the tap). Without JavaScript the button opens the page's share panel instead
 * (?share, see SharePanel).
 */
export function ShareButton({ title, listingId, className = 'btn-secondary' }: { title: string; listingId: string; className?: string }) {
  const share = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The share code is fetched on the tap: most visitors never share (DESIGN.md section 7).
    import('./share-sheet').then(
      (m) => m.shareListing(title),
      () => toast.error(shareFailed),
    );
  };
  return (
    <form method="get" action={`${BASE}/listing/${listingId}#share`} onSubmit={share} className="contents">
      <button type="submit" name="share" value="1" className={className}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="currentColor">
          <path d="M15 13a3 3 0 0 0-2.3 1.1L7.9 11.6a3 3 0 0 0 0-1.2l4.8-2.5A3 3 0 1 0 12 6l-4.8 2.5a3 3 0 1 0 0 3L12 14a3 3 0 1 0 3-1z" />
        </svg>
        {shareText}
      </button>
    </form>
  );
}

/** Ways to share an ad that need no JavaScript: links to the apps people use, and the link itself to copy. */
export function SharePanel({ title, url }: { title: string; url: string }) {
  const text = `${title} ${url}`;
  const links = [
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(text)}` },
    { label: 'SMS', href: `sms:?&body=${encodeURIComponent(text)}` },
    { label: email, href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { label: 'X', href: `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}` },
  ];
  return (
    <section id="share" aria-labelledby="share-heading" className="mt-3 scroll-mt-32 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <h3 id="share-heading" className="text-sm font-semibold">{shareThisAd}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.label}>
            <a href={l.href} target="_blank" rel="noopener noreferrer" className="btn-secondary px-3 py-1.5">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
      <label htmlFor="share-link" className="label mt-3">{linkToThisAd}</label>
      <input id="share-link" type="url" readOnly value={url} className="input text-sm" />
    </section>
  );
}
