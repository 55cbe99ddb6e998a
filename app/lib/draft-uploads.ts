import { DRAFT_MESSAGES, draftStatus } from '#kernel/draft-rules.ts';
import { createElement } from 'react';
import { DraftStatusLine, PhotoUpload } from '~/components/listings/forms/PhotoUpload';
import type { PickedPhoto } from '~/components/listings/forms/PhotoPicker';
import { removeDraftPhoto, saveDraftText, sendPhoto, shrinkPhoto, shrunkName, startDraft } from './draft-client';
import { photoRefused, savingDraft } from '#messages/post.ts';

/*
 * The post form's draft on the server (issue 48, point 3; docs/decisions/drafts-and-photo-shrinking.md),
 * loaded with import() when the first photo is picked or a draft is resumed, so the post page
 * carries none of it before (app/components/listings/forms/useDraft.ts holds only its state).
 * Each photo is shrunk in the browser and uploaded on its own, one after another, as soon as
 * it is picked, with its progress; a failed upload waits for the connection and goes again (by
 * itself on the `online` event, or with Retry); the typed text is saved as it changes.
 */

export type UploadState = {
  status: 'waiting' | 'preparing' | 'uploading' | 'uploaded' | 'failed';
  progress: number;
  key?: string;
  error?: string;
};

/** A photo of the form's list, as this module needs it. */
export type ListedPhoto = { kind: 'existing'; key?: string } | { kind: 'new'; id: number; file: File };

export type DraftSnapshot = { draftId: string | null; uploads: Record<number, UploadState>; status: string | null; ready: boolean; failed: boolean };

/** An upload that shows no progress for this long is given up and tried again: a dead connection often says nothing. */
const STALL_MS = 30_000;

/**
 * A photo that failed while the phone still says it is online (the server's image queue full, a
 * link gone quiet without an offline event) goes again by itself after this long, doubling to a
 * minute: with no `online` event to come, it would otherwise wait for a tap on Retry.
 */
const RETRY_MS = 5_000;
const RETRY_MAX_MS = 60_000;

const isNetworkStatus = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

export function createDraftUploads(options: {
  draftId: string | null;
  form: () => HTMLFormElement | null;
  /** A photo refused for good (not a picture, over the limit): it leaves the list with the server's message. */
  refused: (photoId: number, message: string) => void;
  changed: (snapshot: DraftSnapshot) => void;
}) {
  let draftId = options.draftId;
  let creating: Promise<string> | null = null;
  let photos: ListedPhoto[] = [];
  const uploads: Record<number, UploadState> = {};
  const shrunk = new Map<number, Promise<Blob>>();
  let busy = false;
  let online = navigator.onLine;
  let text: 'saved' | 'saving' | 'unsaved' = 'saved';
  let inFlight: { photoId: number; controller: AbortController } | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let present = new Set<string>();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_MS;

  const keyOf = (p: ListedPhoto) => (p.kind === 'existing' ? p.key : uploads[p.id]?.key);

  function publish() {
    const uploaded = photos.filter((p) => (p.kind === 'existing' ? !!p.key : uploads[p.id]?.status === 'uploaded')).length;
    const failed = photos.some((p) => p.kind === 'new' && uploads[p.id]?.status === 'failed');
    let status: string | null = null;
    if (draftId) {
      status = text === 'saving' ? savingDraft : draftStatus(uploaded, photos.length);
      if (!online) status = `${status}. ${DRAFT_MESSAGES.offline}`;
      else if (failed) status = `${status}. ${DRAFT_MESSAGES.retrying}`;
    }
    options.changed({ draftId, uploads: { ...uploads }, status, ready: uploaded === photos.length, failed });
  }

  const update = (id: number, next: Partial<UploadState>) => {
    uploads[id] = { ...(uploads[id] ?? { status: 'waiting', progress: 0 }), ...next };
    publish();
  };

  function ensureDraft(): Promise<string> {
    if (draftId) return Promise.resolve(draftId);
    creating ??= startDraft(options.form())
      .then((id) => {
        draftId = id;
        // A reload, or coming back later, resumes this draft.
        const url = new URL(window.location.href);
        url.searchParams.set('draft', id);
        window.history.replaceState(window.history.state, '', url);
        publish();
        return id;
      })
      .finally(() => {
        creating = null;
      });
    return creating;
  }

  /** Each photo's shrunk copy is made once (a retry sends the same bytes); a failed shrink is tried again. */
  function prepare(photo: Extract<ListedPhoto, { kind: 'new' }>): Promise<Blob> {
    let blob = shrunk.get(photo.id);
    if (!blob) {
      blob = shrinkPhoto(photo.file);
      blob.catch(() => shrunk.delete(photo.id));
      shrunk.set(photo.id, blob);
    }
    return blob;
  }

  const listed = (photoId: number) => photos.some((p) => p.kind === 'new' && p.id === photoId);

  const waiting = () => photos.filter((p): p is Extract<ListedPhoto, { kind: 'new' }> => p.kind === 'new' && (uploads[p.id]?.status ?? 'waiting') === 'waiting');

  async function uploadOne(photo: Extract<ListedPhoto, { kind: 'new' }>) {
    update(photo.id, { status: 'preparing', progress: 0, error: undefined });
    const controller = new AbortController();
    inFlight = { photoId: photo.id, controller };
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => controller.abort(), STALL_MS);
    };
    try {
      const [id, blob] = await Promise.all([ensureDraft(), prepare(photo)]);
      // The next photo is shrunk while this one travels.
      const following = waiting().find((p) => p.id !== photo.id);
      if (following) void prepare(following).catch(() => {});
      const body = new FormData();
      body.append('images', blob, shrunkName(photo.file.name, blob));
      update(photo.id, { status: 'uploading' });
      watch();
      const res = await sendPhoto(`/api/drafts/${encodeURIComponent(id)}/photos`, body, (progress) => {
        watch();
        update(photo.id, { progress });
      }, controller.signal);
      const answer = res.body as { key?: string; message?: string } | null;
      if (res.status === 201 && answer?.key) {
        shrunk.delete(photo.id);
        retryDelay = RETRY_MS;
        update(photo.id, { status: 'uploaded', progress: 1, key: answer.key });
        // Removed from the list while it was on its way: the server's copy goes too.
        if (!listed(photo.id)) removeDraftPhoto(id, answer.key);
        else present.add(answer.key);
      } else if (isNetworkStatus(res.status)) {
        update(photo.id, { status: 'failed', error: answer?.message });
        retryLater();
      } else options.refused(photo.id, answer?.message ?? photoRefused);
    } catch {
      // Removed while on its way (its upload stopped, photos() below): nothing to try again.
      if (!listed(photo.id)) return;
      update(photo.id, { status: 'failed' });
      retryLater();
    } finally {
      clearTimeout(stall);
      inFlight = null;
    }
  }

  /** One photo at a time, in the order picked: on a thin connection the first photo is then whole sooner. */
  function pump() {
    if (busy) return;
    const next = waiting()[0];
    if (!next) return;
    busy = true;
    void uploadOne(next).finally(() => {
      busy = false;
      pump();
    });
  }

  /** Offline, the `online` event sends it; online, a timer does. */
  function retryLater() {
    if (!navigator.onLine) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(retry, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  }

  function retry() {
    clearTimeout(retryTimer);
    for (const u of Object.values(uploads)) if (u.status === 'failed') u.status = 'waiting';
    publish();
    pump();
  }

  async function saveText() {
    const form = options.form();
    if (!draftId || !form) return;
    text = 'saving';
    publish();
    try {
      await saveDraftText(draftId, form);
      text = 'saved';
    } catch {
      text = 'unsaved';
    }
    publish();
  }
  const saveSoon = (ms: number) => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void saveText(), ms);
  };

  // Going offline stops the upload in flight (it would only hang); coming back sends what is left.
  const down = () => {
    online = false;
    inFlight?.controller.abort();
    publish();
  };
  const up = () => {
    online = true;
    if (text === 'unsaved') saveSoon(500);
    retry();
  };
  window.addEventListener('offline', down);
  window.addEventListener('online', up);

  return {
    /** The form's photo list changed: new photos go up, removed ones leave the draft. */
    photos(list: ListedPhoto[]) {
      photos = list;
      // A photo removed while it uploads stops there: the seller's data is not spent on it.
      if (inFlight && !listed(inFlight.photoId)) inFlight.controller.abort();
      const keys = new Set(list.flatMap((p) => keyOf(p) ?? []));
      for (const key of present) if (!keys.has(key) && draftId) removeDraftPhoto(draftId, key);
      present = keys;
      publish();
      pump();
    },
    retry,
    /** The text changed: saved a moment after the seller stops typing (once there is a draft). */
    edited() {
      if (!draftId) return;
      text = 'unsaved';
      saveSoon(1500);
    },
    /** The draft's photo keys in the list's order (cover first), for publishing. */
    photoOrder: () => photos.flatMap((p) => keyOf(p) ?? []),
    /** The line under a photo's preview: its upload. */
    statusOf: (photo: PickedPhoto) => createElement(PhotoUpload, { photo, state: photo.kind === 'new' ? uploads[photo.id] : undefined, onRetry: retry }),
    statusLine: (status: string) => createElement(DraftStatusLine, { status }),
    dispose() {
      clearTimeout(saveTimer);
      clearTimeout(retryTimer);
      window.removeEventListener('offline', down);
      window.removeEventListener('online', up);
    },
  };
}

export type DraftUploads = ReturnType<typeof createDraftUploads>;
