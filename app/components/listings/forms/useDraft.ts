import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { DRAFT_MESSAGES, draftStatus } from '#kernel/draft-rules.ts';
import type { PhotoList, PickedPhoto } from './PhotoPicker';

/*
 * The post form's draft on the server (issue 48, point 3; docs/decisions/drafts-and-photo-shrinking.md).
 * With JavaScript, the first photo picked starts a draft; each photo is shrunk in the browser
 * and uploaded on its own, one after another, as soon as it is picked, with its progress; a
 * photo whose upload failed waits for the connection and goes again (by itself when the phone
 * is back online, or with its Retry button); the typed text is saved as it changes. The form
 * then publishes the draft. A dropped connection loses nothing that already arrived.
 */

export type UploadState = {
  status: 'waiting' | 'preparing' | 'uploading' | 'uploaded' | 'failed';
  /** 0 to 1, while uploading. */
  progress: number;
  /** The server's storage key, once uploaded. */
  key?: string;
  /** Why the last try failed (shown beside Retry). */
  error?: string;
};

type Send = (url: string, method: string, body: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<{ status: number; body: { message?: string } | null }>;

/** An upload that shows no progress for this long is given up and tried again: a dead connection often says nothing. */
const STALL_MS = 30_000;

/** The draft's requests and the photo shrinking: loaded when first needed. */
const client = () => import('~/lib/draft-client');

const isNetworkStatus = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/**
 * The draft of the post form. `enabled` is false in edit mode and before hydration (the plain
 * form then posts everything at once). `initialDraftId`: a draft the page resumed (?draft=).
 */
export function useDraft({ enabled, initialDraftId, list, formRef, send, onRefused }: {
  enabled: boolean;
  initialDraftId: string | null;
  list: PhotoList;
  formRef: RefObject<HTMLFormElement | null>;
  send: Send;
  /** A photo the server refused for good (not a picture, too big): its message. The photo leaves the list. */
  onRefused: (message: string) => void;
}) {
  const [draftId, setDraftId] = useState<string | null>(initialDraftId);
  const [uploads, setUploads] = useState<Record<number, UploadState>>({});
  const [textState, setTextState] = useState<'saved' | 'saving' | 'unsaved'>('saved');
  const [online, setOnline] = useState(true);
  const creating = useRef<Promise<string> | null>(null);
  const draftRef = useRef(draftId);
  draftRef.current = draftId;
  const busy = useRef(false);
  // Each photo's shrunk copy, made once (a retry sends the same bytes); the next photo's is made while one uploads.
  const shrunk = useRef(new Map<number, Promise<Blob>>());
  const prepare = useCallback((photo: Extract<PickedPhoto, { kind: 'new' }>) => {
    let blob = shrunk.current.get(photo.id);
    if (!blob) {
      blob = client().then(({ shrinkPhoto }) => shrinkPhoto(photo.file));
      // A failed shrink (out of memory on a small phone) is tried again next time.
      blob.catch(() => shrunk.current.delete(photo.id));
      shrunk.current.set(photo.id, blob);
    }
    return blob;
  }, []);
  const abort = useRef<AbortController | null>(null);
  const photosRef = useRef(list.photos);
  photosRef.current = list.photos;

  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;
  const update = (id: number, next: Partial<UploadState>) =>
    setUploads((all) => ({ ...all, [id]: { ...(all[id] ?? { status: 'waiting', progress: 0 }), ...next } }));

  /** The draft's id, starting it (with the text typed so far) the first time. */
  const ensureDraft = useCallback(async (): Promise<string> => {
    if (draftRef.current) return draftRef.current;
    creating.current ??= (async () => {
      const id = await (await client()).startDraft(formRef.current);
      draftRef.current = id;
      setDraftId(id);
      // A reload, or coming back later, resumes this draft.
      const url = new URL(window.location.href);
      url.searchParams.set('draft', id);
      window.history.replaceState(window.history.state, '', url);
      return id;
    })().finally(() => {
      creating.current = null;
    });
    return creating.current;
  }, [formRef]);

  const uploadOne = useCallback(
    async (photo: Extract<PickedPhoto, { kind: 'new' }>) => {
      update(photo.id, { status: 'preparing', progress: 0, error: undefined });
      const controller = new AbortController();
      abort.current = controller;
      let stall: ReturnType<typeof setTimeout> | undefined;
      const watch = () => {
        clearTimeout(stall);
        stall = setTimeout(() => controller.abort(), STALL_MS);
      };
      try {
        const [id, blob, { shrunkName, removeDraftPhoto }] = await Promise.all([ensureDraft(), prepare(photo), client()]);
        const following = photosRef.current.find((p): p is Extract<PickedPhoto, { kind: 'new' }> => p.kind === 'new' && p.id !== photo.id && !shrunk.current.has(p.id) && uploadsRef.current[p.id]?.status !== 'uploaded');
        if (following) void prepare(following).catch(() => {});
        const body = new FormData();
        body.append('images', blob, shrunkName(photo.file.name, blob));
        update(photo.id, { status: 'uploading', progress: 0 });
        watch();
        const res = await send(`/api/drafts/${encodeURIComponent(id)}/photos`, 'POST', body, (fraction) => {
          watch();
          update(photo.id, { progress: fraction });
        }, controller.signal);
        const answer = res.body as { key?: string; message?: string } | null;
        if (res.status === 201 && answer?.key) {
          update(photo.id, { status: 'uploaded', progress: 1, key: answer.key });
          shrunk.current.delete(photo.id);
          // Removed while it was on its way: the server's copy goes too.
          if (!photosRef.current.some((p) => p.kind === 'new' && p.id === photo.id)) removeDraftPhoto(id, answer.key);
        } else if (isNetworkStatus(res.status)) {
          update(photo.id, { status: 'failed', error: answer?.message });
        } else {
          // Refused for good (not a picture, over the limit): the photo leaves the list with the server's message.
          list.remove(`new-${photo.id}`);
          onRefused(answer?.message ?? 'That photo could not be uploaded.');
        }
      } catch {
        update(photo.id, { status: 'failed' });
      } finally {
        clearTimeout(stall);
        abort.current = null;
      }
    },
    [ensureDraft, list, onRefused, prepare, send],
  );

  // One photo at a time, in the order picked: on a thin connection the first photo is then whole sooner.
  useEffect(() => {
    if (!enabled || busy.current) return;
    const next = list.photos.find((p): p is Extract<PickedPhoto, { kind: 'new' }> => p.kind === 'new' && (uploads[p.id]?.status ?? 'waiting') === 'waiting');
    if (!next) return;
    busy.current = true;
    void uploadOne(next).finally(() => {
      busy.current = false;
      // The next one, when the state above settles.
      setUploads((all) => ({ ...all }));
    });
  }, [enabled, list.photos, uploads, uploadOne]);

  const retry = useCallback(() => setUploads((all) => Object.fromEntries(Object.entries(all).map(([id, u]) => [id, u.status === 'failed' ? { ...u, status: 'waiting' as const } : u]))), []);

  // The connection's state: going offline stops the upload in flight (it would only hang), coming back sends what is left.
  useEffect(() => {
    if (!enabled) return;
    setOnline(navigator.onLine);
    const down = () => {
      setOnline(false);
      abort.current?.abort();
    };
    const up = () => {
      setOnline(true);
      retry();
    };
    window.addEventListener('offline', down);
    window.addEventListener('online', up);
    return () => {
      window.removeEventListener('offline', down);
      window.removeEventListener('online', up);
    };
  }, [enabled, retry]);

  // A photo removed from the list after it reached the draft is removed there too.
  const present = useRef(new Set<string>());
  useEffect(() => {
    if (!enabled) return;
    const keys = new Set<string>();
    for (const p of list.photos) {
      const key = p.kind === 'existing' ? p.key : uploads[p.id]?.key;
      if (key) keys.add(key);
    }
    const id = draftRef.current;
    const gone = [...present.current].filter((key) => !keys.has(key));
    if (gone.length && id) void client().then(({ removeDraftPhoto }) => gone.forEach((key) => removeDraftPhoto(id, key)));
    present.current = keys;
  }, [enabled, list.photos, uploads]);

  // The text, saved a moment after the seller stops typing (once there is a draft).
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveText = useCallback(async () => {
    const id = draftRef.current;
    if (!id || !formRef.current) return;
    setTextState('saving');
    try {
      await (await client()).saveDraftText(id, formRef.current);
      setTextState('saved');
    } catch {
      setTextState('unsaved');
    }
  }, [formRef]);
  const edited = useCallback(() => {
    if (!enabled || !draftRef.current) return;
    setTextState('unsaved');
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void saveText(), 1500);
  }, [enabled, saveText]);
  useEffect(() => () => clearTimeout(saveTimer.current), []);
  // Back online with unsaved text: save it.
  useEffect(() => {
    if (online && textState === 'unsaved' && draftRef.current) {
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void saveText(), 500);
    }
  }, [online, textState, saveText]);

  const newPhotos = list.photos.filter((p) => p.kind === 'new');
  const uploaded = list.photos.filter((p) => (p.kind === 'existing' ? !!p.key : uploads[p.id]?.status === 'uploaded')).length;
  const failed = newPhotos.some((p) => p.kind === 'new' && uploads[p.id]?.status === 'failed');

  /** What the form says is on the server, or null before there is a draft. */
  let status: string | null = null;
  if (enabled && draftId) {
    status = textState === 'saving' ? 'Saving draft…' : draftStatus(uploaded, list.photos.length);
    if (!online || failed) status = `${status}. ${DRAFT_MESSAGES.offline}`;
  }

  return {
    draftId,
    uploads,
    status,
    /** Every photo is on the server: the draft can be published. */
    ready: uploaded === list.photos.length,
    failed,
    retry,
    edited,
    /** The draft's photo keys in the list's order (cover first), for publishing. */
    photoOrder: () => list.photos.flatMap((p) => (p.kind === 'existing' ? (p.key ? [p.key] : []) : uploads[p.id]?.key ? [uploads[p.id]!.key!] : [])),
  };
}
