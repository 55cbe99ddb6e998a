import { toast } from '~/lib/toast';
import { linkCopied, shared, shareFailed } from '#messages/browse.ts';

/**
 * Share with the device's share sheet (Web Share API); without it, copy the link. Loaded when
 * Share is tapped (ShareButton), so pages do not carry it until then (DESIGN.md section 7).
 */
export async function shareListing(title: string): Promise<void> {
  const url = window.location.href.replace(/[?#].*$/, '');
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: title, url });
      toast.success(shared);
      return;
    } catch (error) {
      // The visitor closed the share sheet: not a failure, and no reason to copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(linkCopied);
  } catch {
    toast.error(shareFailed);
  }
}
