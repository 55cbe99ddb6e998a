import { useEffect, useRef, useState } from 'react';
import type { Photo } from '#kernel/listing-shapes.ts';
import { buildSrcSet, ResponsiveImage } from './ResponsiveImage';
import { close, morePhotos, moreAfter, moreBefore, nextPhoto, openPhoto, photoOf, photosLabel, photosOf, previousPhoto, titlePhoto } from '#messages/ad.ts';

/** Spec section 9: the page shows at most five photos (the first large, four small); the viewer shows them all. */
const ON_PAGE = 5;

const slideId = (n: number) => `photo-${n}`;
const PHOTO_HASH = /^#photo-(\d+)$/;

/**
 * Keyboard, buttons and focus for the viewer. Opening, closing and swiping need no JavaScript:
 * each photo link goes to #photo-N, the viewer shows while one of its slides is the :target,
 * the slides are a scroll-snapped strip (a swipe moves one photo), and Back closes it.
 */
function useViewer(count: number) {
  const strip = useRef<HTMLUListElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openedHere = useRef(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const sync = () => {
      const isOpen = PHOTO_HASH.test(window.location.hash);
      setOpen(isOpen);
      if (isOpen) closeRef.current?.focus({ preventScroll: true });
      else if (opener.current) {
        opener.current.focus({ preventScroll: true });
        opener.current = null;
      }
    };
    sync();
    window.addEventListener('hashchange', sync);
    window.addEventListener('popstate', sync);
    return () => {
      window.removeEventListener('hashchange', sync);
      window.removeEventListener('popstate', sync);
    };
  }, []);

  const close = () => {
    // Opened from this page: going back closes it and leaves no extra step in the history.
    if (openedHere.current) {
      openedHere.current = false;
      window.history.back();
    } else window.location.replace('#photos');
  };

  const step = (delta: number) => {
    const el = strip.current;
    if (!el) return;
    const index = Math.round(el.scrollLeft / el.clientWidth);
    const next = Math.min(count - 1, Math.max(0, index + delta));
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
  };

  useEffect(() => {
    if (!open) return;
    const keys = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      else if (event.key === 'ArrowRight') step(1);
      else if (event.key === 'ArrowLeft') step(-1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', keys);
    // The page behind does not scroll while the viewer is open.
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', keys);
      document.documentElement.style.overflow = overflow;
    };
    // close and step read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return {
    open,
    strip,
    closeRef,
    close,
    step,
    /** A photo link was followed on this page: remember where focus goes back to. */
    opening(event: React.MouseEvent<HTMLAnchorElement>) {
      opener.current = event.currentTarget;
      openedHere.current = true;
    },
  };
}

/**
 * The ad's photos: the first large and loaded first (the page's largest paint), the next four
 * as small lazy thumbnails, the last of them saying how many more there are. Every photo opens
 * the full-screen viewer on this page.
 */
export function ListingGallery({ photos, title }: { photos: Photo[]; title: string }) {
  const viewer = useViewer(photos.length);
  const [first, ...rest] = photos;
  const thumbs = rest.slice(0, ON_PAGE - 1);
  const hidden = photos.length - ON_PAGE;
  if (!first) {
    return (
      <div id="photos" className="overflow-hidden rounded-xl bg-gray-100 dark:bg-gray-800">
        <ResponsiveImage photo={null} alt={title} sizes="100vw" priority className="aspect-[4/3] w-full object-cover" />
      </div>
    );
  }
  return (
    <div id="photos" className="flex scroll-mt-32 flex-col gap-2">
      <a href={`#${slideId(1)}`} onClick={viewer.opening} className="block overflow-hidden rounded-xl bg-gray-100 dark:bg-gray-800" aria-label={`${openPhoto}1${photoOf}${photos.length}`}>
        <ResponsiveImage photo={first} alt={title} sizes="(min-width: 1024px) 740px, 100vw" priority className="aspect-[4/3] w-full object-contain" />
      </a>
      {thumbs.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label={morePhotos}>
          {thumbs.map((p, i) => {
            const n = i + 2;
            const more = n === ON_PAGE && hidden > 0;
            return (
              <li key={p.url} className="relative overflow-hidden rounded-lg bg-gray-100 dark:bg-gray-800">
                <a href={`#${slideId(n)}`} onClick={viewer.opening} aria-label={more ? `${openPhoto}${n}${photoOf}${photos.length}${moreBefore}${hidden}${moreAfter}` : `${openPhoto}${n}${photoOf}${photos.length}`}>
                  <ResponsiveImage photo={p} alt={`${title}${titlePhoto}${n}`} sizes="(min-width: 1024px) 180px, 25vw" className="aspect-square w-full object-cover" />
                  {more && (
                    <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-black/55 text-lg font-bold text-white">
                      +{hidden}
                    </span>
                  )}
                </a>
              </li>
            );
          })}
        </ul>
      )}

      {/* Shown while one of its slides is the address's #target (CSS), or while JavaScript says so. */}
      <div
        role="dialog"
        aria-modal="true"
        aria-label={`${photosOf}${title}`}
        data-open={viewer.open || undefined}
        className="fixed inset-0 z-50 hidden flex-col bg-black text-white has-[:target]:flex data-[open]:flex"
      >
        <div className="flex items-center justify-between gap-2 p-2">
          <p className="truncate px-2 text-sm">{title}</p>
          <a
            ref={viewer.closeRef}
            href="#photos"
            className="btn shrink-0 bg-white/15 text-white hover:bg-white/25"
            onClick={(e) => {
              e.preventDefault();
              viewer.close();
            }}
          >
            {close}
          </a>
        </div>
        {/* Focusable, so keyboard users can scroll the strip with the arrow keys (axe: scrollable-region-focusable). */}
        <ul ref={viewer.strip} tabIndex={0} className="flex min-h-0 flex-1 snap-x snap-mandatory overflow-x-auto overscroll-contain [scrollbar-width:none]" aria-label={photosLabel}>
          {photos.map((p, i) => (
            <li key={p.url} id={slideId(i + 1)} className="relative flex w-full shrink-0 snap-center snap-always flex-col items-center justify-center">
              <img
                src={p.variants[800] ?? p.url}
                srcSet={buildSrcSet(p)}
                sizes="100vw"
                alt={`${title}${titlePhoto}${i + 1}${photoOf}${photos.length}`}
                width={p.width}
                height={p.height}
                loading="lazy"
                decoding="async"
                className="max-h-full min-h-0 w-auto max-w-full flex-1 object-contain"
              />
              <p className="py-2 text-sm" aria-hidden="true">
                {i + 1} / {photos.length}
              </p>
            </li>
          ))}
        </ul>
        {viewer.open && photos.length > 1 && (
          <div className="pointer-events-none absolute inset-x-0 top-1/2 flex -translate-y-1/2 justify-between px-2">
            <button type="button" className="btn pointer-events-auto bg-white/15 px-3 text-white hover:bg-white/25" onClick={() => viewer.step(-1)} aria-label={previousPhoto}>
              ‹
            </button>
            <button type="button" className="btn pointer-events-auto bg-white/15 px-3 text-white hover:bg-white/25" onClick={() => viewer.step(1)} aria-label={nextPhoto}>
              ›
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
