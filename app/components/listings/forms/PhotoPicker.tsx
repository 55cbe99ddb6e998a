import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGE_MB, MAX_IMAGES, MESSAGES } from '~/lib/listing-rules';

/** A photo the ad already has (edit mode): kept unless removed. */
export type ExistingPhoto = { url: string; thumb: string; width: number; height: number };
/** A photo picked on this device, previewed from a blob: URL until it is uploaded. */
export type NewPhoto = { id: number; file: File; preview: string };

type Props = {
  existing: ExistingPhoto[];
  onRemoveExisting: (url: string) => void;
  added: NewPhoto[];
  onAdd: (files: File[]) => void;
  onRemoveAdded: (id: number) => void;
  /** False until React runs: the plain form then uploads the file input and keeps photos by checkbox. */
  hydrated: boolean;
  error: string;
};

const thumbClass = 'aspect-square w-full rounded-lg object-cover bg-gray-100 dark:bg-gray-800';

/**
 * Photos of the post/edit form: up to ten, previews, a remove button on each. Without
 * JavaScript it is a plain multiple file input and "Keep" checkboxes.
 */
export function PhotoPicker({ existing, onRemoveExisting, added, onAdd, onRemoveAdded, hydrated, error }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const count = existing.length + added.length;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="label">Photos (up to {MAX_IMAGES})</legend>
      {(existing.length > 0 || added.length > 0) && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Selected photos">
          {existing.map((p, i) => (
            <li key={p.url} className="flex flex-col gap-1">
              <img src={p.thumb} alt={`Current photo ${i + 1}`} width={p.width} height={p.height} className={thumbClass} loading="lazy" decoding="async" />
              {hydrated ? (
                <>
                  <input type="hidden" name="existingImages" value={p.url} />
                  <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => onRemoveExisting(p.url)} aria-label={`Remove current photo ${i + 1}`}>
                    Remove
                  </button>
                </>
              ) : (
                <label className="flex items-center gap-1 text-xs">
                  <input type="checkbox" name="existingImages" value={p.url} defaultChecked /> Keep
                </label>
              )}
            </li>
          ))}
          {added.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-1">
              <img src={p.preview} alt={`New photo ${i + 1}: ${p.file.name}`} className={thumbClass} />
              <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => onRemoveAdded(p.id)} aria-label={`Remove new photo ${i + 1}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor="photos" className="sr-only">
        Add photos
      </label>
      <input
        ref={inputRef}
        id="photos"
        name="images"
        type="file"
        accept="image/*"
        multiple
        disabled={hydrated && count >= MAX_IMAGES}
        aria-describedby="photos-help photos-error"
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
        onChange={(e) => {
          if (!hydrated) return;
          const files = Array.from(e.currentTarget.files ?? []);
          // The list lives in React state, so the input can be used again for more photos.
          e.currentTarget.value = '';
          onAdd(files);
        }}
      />
      <p id="photos-help" className="text-xs text-gray-600 dark:text-gray-400">
        JPEG, PNG, WebP, AVIF or GIF, up to {MAX_IMAGE_MB} MB each. The first photo is the cover.
      </p>
      {count === 0 && <p className="text-sm text-amber-700 dark:text-amber-400">{MESSAGES.imageRequiredHint}</p>}
      <p id="photos-error" role="alert" className="field-error empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}

/** New photos with blob: previews that are released when removed or when the form goes away. */
export function useNewPhotos() {
  const [added, setAdded] = useState<NewPhoto[]>([]);
  const nextId = useRef(1);
  const current = useRef(added);
  current.current = added;
  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);
  return {
    added,
    add(files: File[]) {
      setAdded((list) => [...list, ...files.map((file) => ({ id: nextId.current++, file, preview: URL.createObjectURL(file) }))]);
    },
    remove(id: number) {
      setAdded((list) => {
        const gone = list.find((p) => p.id === id);
        if (gone) URL.revokeObjectURL(gone.preview);
        return list.filter((p) => p.id !== id);
      });
    },
    clear() {
      setAdded((list) => {
        list.forEach((p) => URL.revokeObjectURL(p.preview));
        return [];
      });
    },
  };
}

/** Keeps as many of the picked files as fit; says so for 3 s when some were dropped (spec). */
export function fitFiles(files: File[], room: number): { accepted: File[]; error: string } {
  const sized = files.filter((f) => f.size <= MAX_IMAGE_MB * 1024 * 1024);
  const tooBig = sized.length < files.length;
  const accepted = sized.slice(0, Math.max(0, room));
  if (sized.length > accepted.length) return { accepted, error: MESSAGES.tooManyImages };
  if (tooBig) return { accepted, error: `Each image must be ${MAX_IMAGE_MB} MB or smaller.` };
  return { accepted, error: '' };
}
