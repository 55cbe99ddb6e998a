import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MAX_IMAGE_MB, MAX_IMAGES, MESSAGES } from '#kernel/listing-rules.ts';
import { addPhotos, cover, coverHowTo, currentPhotoAlt, currentPhotoName, keep, photoNameNumber, largerThan, makeAfter, makeBefore, mbEach, moveBefore, moveEarlier, moveLater, newPhotoAlt, newPhotoName, notAdded, notAPhotoAfter, notAPhotoBefore, photosUpTo, remove, removeBefore, selectedPhotos, upTo } from '#messages/post.ts';

/** A photo the ad already has (edit mode), or a resumed draft's (with its storage key): kept unless removed. */
export type ExistingPhoto = { url: string; thumb: string; width: number; height: number; key?: string };
/** A photo picked on this device, previewed from a blob: URL until it is uploaded. */
export type NewPhoto = { id: number; file: File; preview: string };

export type PickedPhoto = ({ kind: 'existing' } & ExistingPhoto) | ({ kind: 'new' } & NewPhoto);

const photoKey = (p: PickedPhoto) => (p.kind === 'existing' ? p.url : `new-${p.id}`);

const ACCEPTED = 'JPEG, PNG, WebP, AVIF or GIF';

/**
 * What a file is, from its first bytes (as the server decides, never by name or declared type):
 * the formats the server takes, else null. HEIC (iPhone) is refused here as it is there.
 */
async function sniffImage(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  return null;
}

/** Checks each picked file; the refused ones are named, each with its reason. */
export async function checkPhotos(files: File[]): Promise<{ accepted: File[]; refused: string[] }> {
  const accepted: File[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (file.size > MAX_IMAGE_MB * 1024 * 1024) refused.push(`“${file.name}${largerThan}${MAX_IMAGE_MB} MB.`);
    else if (!(await sniffImage(file))) refused.push(`“${file.name}${notAPhotoBefore}${ACCEPTED}${notAPhotoAfter}`);
    else accepted.push(file);
  }
  return { accepted, refused };
}

/**
 * The photo list of the post/edit form, kept and new photos in the seller's order (sent as
 * imageOrder); the first photo is the cover, a new one as well as a kept one.
 */
export function usePhotoList(existing: ExistingPhoto[]) {
  const [photos, setPhotos] = useState<PickedPhoto[]>(() => existing.map((p) => ({ kind: 'existing' as const, ...p })));
  const nextId = useRef(1);
  // Picks whose files are still being checked: the form is not sent until they are in the list.
  const [checking, setChecking] = useState(0);
  const current = useRef(photos);
  current.current = photos;
  useEffect(() => () => current.current.forEach((p) => p.kind === 'new' && URL.revokeObjectURL(p.preview)), []);

  const move = (from: number, to: number) =>
    setPhotos((list) => {
      const a = list[from];
      if (!a || !list[to]) return list;
      const next = [...list];
      next.splice(from, 1);
      next.splice(to, 0, a);
      return next;
    });

  return {
    photos,
    /** Photos picked are still being checked (a few hundred milliseconds on a slow phone). */
    checking: checking > 0,
    async checked<T>(work: Promise<T>): Promise<T> {
      setChecking((n) => n + 1);
      try {
        return await work;
      } finally {
        setChecking((n) => n - 1);
      }
    },
    add(files: File[]) {
      setPhotos((list) => [...list, ...files.map((file) => ({ kind: 'new' as const, id: nextId.current++, file, preview: URL.createObjectURL(file) }))]);
    },
    remove(key: string) {
      setPhotos((list) => {
        const gone = list.find((p) => photoKey(p) === key);
        if (gone?.kind === 'new') URL.revokeObjectURL(gone.preview);
        return list.filter((p) => p !== gone);
      });
    },
    move,
    makeCover: (index: number) => move(index, 0),
  };
}

export type PhotoList = ReturnType<typeof usePhotoList>;

type Props = {
  list: PhotoList;
  /** False until React runs: the plain form then uploads the file input and keeps photos by checkbox. */
  hydrated: boolean;
  /** Refused files and other photo problems; stays until the seller picks or removes a photo. */
  error: string;
  onError: (message: string) => void;
  /** The form was sent without photos. */
  missing: boolean;
  /** A line under a photo's buttons: its upload to the draft (useDraft.ts). */
  statusOf?: (photo: PickedPhoto) => ReactNode;
  /**
   * Photos will show that line (a new ad's form): its room is kept from the first render, so
   * that nothing moves when the uploads' module arrives and a tap meant for a photo's button lands on it.
   */
  uploads?: boolean;
};

const thumbClass = 'aspect-square w-full rounded-lg object-cover bg-gray-100 dark:bg-gray-800';
const small = 'btn-secondary px-2 py-1 text-xs';

/**
 * Photos of the post/edit form: up to ten, each checked as it is picked, previews, cover and
 * order, remove. Without JavaScript it is a plain multiple file input and "Keep" checkboxes.
 */
export function PhotoPicker({ list, hydrated, error, onError, missing, statusOf, uploads = false }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { photos } = list;
  const count = photos.length;

  // The count as of the latest render, for picks that finish checking later.
  const current = useRef(count);
  current.current = count;

  const pick = async (files: File[]) => {
    const { accepted, refused } = await list.checked(checkPhotos(files));
    const room = Math.max(0, MAX_IMAGES - current.current);
    const kept = accepted.slice(0, room);
    list.add(kept);
    const problems = [...(accepted.length > kept.length ? [MESSAGES.tooManyImages] : []), ...refused.map((r) => `${r}${notAdded}`)];
    onError(problems.join(' '));
  };

  // A photo picked before JavaScript arrived is still in the file input: take it into the list.
  useEffect(() => {
    const input = inputRef.current;
    if (!hydrated || !input?.files?.length) return;
    const files = Array.from(input.files);
    input.value = '';
    void pick(files);
    // Once, when React takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="photos-help">
      <legend className="label">{photosUpTo}{MAX_IMAGES})</legend>
      {count > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={selectedPhotos}>
          {photos.map((p, i) => {
            // Numbered within its group, as "Remove new photo 2" has always said.
            const ordinal = photos.slice(0, i).filter((q) => q.kind === p.kind).length + 1;
            const name = `${p.kind === 'existing' ? currentPhotoName : newPhotoName}${photoNameNumber}${ordinal}`;
            const canEarlier = i > 0;
            const canLater = i < count - 1;
            return (
              <li key={photoKey(p)} className="flex flex-col gap-1">
                <div className="relative">
                  {p.kind === 'existing' ? (
                    <img src={p.thumb} alt={`${currentPhotoAlt}${ordinal}`} width={p.width} height={p.height} className={thumbClass} loading="lazy" decoding="async" />
                  ) : (
                    <img src={p.preview} alt={`${newPhotoAlt}${ordinal}: ${p.file.name}`} className={thumbClass} />
                  )}
                  {i === 0 && <span className="absolute left-1 top-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">{cover}</span>}
                </div>
                {hydrated ? (
                  <>
                    {p.kind === 'existing' && <input type="hidden" name="existingImages" value={p.url} />}
                    <div className="flex flex-wrap gap-1">
                      {canEarlier && (
                        <button type="button" className={small} onClick={() => list.makeCover(i)} aria-label={`${makeBefore}${name}${makeAfter}`}>
                          {cover}
                        </button>
                      )}
                      {canEarlier && (
                        <button type="button" className={small} onClick={() => list.move(i, i - 1)} aria-label={`${moveBefore}${name}${moveEarlier}`}>
                          ←
                        </button>
                      )}
                      {canLater && (
                        <button type="button" className={small} onClick={() => list.move(i, i + 1)} aria-label={`${moveBefore}${name}${moveLater}`}>
                          →
                        </button>
                      )}
                      <button
                        type="button"
                        className={small}
                        onClick={() => {
                          list.remove(photoKey(p));
                          onError('');
                        }}
                        aria-label={`${removeBefore}${name}`}
                      >
                        {remove}
                      </button>
                    </div>
                    {uploads && <div className="min-h-8">{statusOf?.(p)}</div>}
                  </>
                ) : (
                  p.kind === 'existing' && (
                    <label className="flex items-center gap-1 text-xs">
                      <input type="checkbox" name="existingImages" value={p.url} defaultChecked /> {keep}
                    </label>
                  )
                )}
              </li>
            );
          })}
        </ol>
      )}
      <label htmlFor="photos" className="sr-only">
        {addPhotos}
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
        aria-invalid={missing || undefined}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
        onChange={(e) => {
          if (!hydrated) return;
          const files = Array.from(e.currentTarget.files ?? []);
          // The list lives in React state, so the input can be used again for more photos.
          e.currentTarget.value = '';
          void pick(files);
        }}
      />
      <p id="photos-help" className="text-xs text-gray-600 dark:text-gray-400">
        {ACCEPTED}{upTo}{MAX_IMAGE_MB}{mbEach}{hydrated ? coverHowTo : '.'}
      </p>
      {count === 0 && <p className={missing ? 'field-error font-medium' : 'text-sm text-amber-700 dark:text-amber-400'}>{MESSAGES.imageRequiredHint}</p>}
      <p id="photos-error" role="alert" className="field-error empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}
