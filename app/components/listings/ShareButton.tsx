import { toast } from '~/lib/toast';

/** Share with the device's share sheet (Web Share API); without it, copy the link. */
export function ShareButton({ title, className = 'btn-secondary' }: { title: string; className?: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: title, url });
        toast.success('Listing shared successfully!');
        return;
      } catch (error) {
        // The visitor closed the share sheet: not a failure, and no reason to copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Listing link copied to clipboard!');
    } catch {
      toast.error('Failed to share listing.');
    }
  };
  return (
    <button type="button" onClick={share} className={className}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="currentColor">
        <path d="M15 13a3 3 0 0 0-2.3 1.1L7.9 11.6a3 3 0 0 0 0-1.2l4.8-2.5A3 3 0 1 0 12 6l-4.8 2.5a3 3 0 1 0 0 3L12 14a3 3 0 1 0 3-1z" />
      </svg>
      Share
    </button>
  );
}
