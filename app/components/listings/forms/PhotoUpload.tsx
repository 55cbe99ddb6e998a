import { DRAFT_MESSAGES } from '#kernel/draft-rules.ts';
import type { UploadState } from '~/lib/draft-uploads';
import type { PickedPhoto } from './PhotoPicker';
import { preparing, retry, uploaded, uploadingBefore, waiting } from '#messages/post.ts';

/* Loaded with the draft's uploads (~/lib/draft-uploads), not with the page. */

/** Where one photo's upload to the draft stands: progress, done, or failed with Retry. */
export function PhotoUpload({ photo, state, onRetry }: { photo: PickedPhoto; state: UploadState | undefined; onRetry: () => void }) {
  if (photo.kind === 'existing') return <p className="text-xs text-green-800 dark:text-green-300">{uploaded}</p>;
  const status = state?.status ?? 'waiting';
  if (status === 'uploaded') return <p className="text-xs text-green-800 dark:text-green-300" data-upload="done">{uploaded}</p>;
  if (status === 'failed')
    return (
      <p className="flex flex-wrap items-center gap-1 text-xs text-red-800 dark:text-red-300" data-upload="failed">
        {state?.error ?? DRAFT_MESSAGES.photoFailed}
        <button type="button" className="btn-secondary px-2 py-0.5 text-xs" onClick={onRetry}>
          {retry}
        </button>
      </p>
    );
  if (status === 'uploading')
    return (
      <div className="text-xs" data-upload="uploading">
        <progress max={1} value={state?.progress ?? 0} className="h-1.5 w-full accent-brand-700" aria-label={`${uploadingBefore}${photo.file.name}`} />
        {uploadingBefore}{Math.round((state?.progress ?? 0) * 100)}%
      </div>
    );
  return <p className="text-xs text-gray-600 dark:text-gray-400">{status === 'preparing' ? preparing : waiting}</p>;
}

/** What is on the server: "Draft saved · photo 2 of 3 uploaded", and a note while photos wait for the connection. */
export function DraftStatusLine({ status }: { status: string }) {
  return (
    <p role="status" data-testid="draft-status" className="rounded-lg bg-gray-100 px-3 py-2 text-sm dark:bg-gray-800">
      {status}
    </p>
  );
}
