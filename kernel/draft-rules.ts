/**
 * Drafts of new ads and the photo shrinking before upload (issue 48, point 3;
 * docs/decisions/drafts-and-photo-shrinking.md), shared by the server and the post form.
 */
import { draftNotFound, draftOffline, draftPhotoAfter, draftPhotoBefore, draftPhotoOf, draftRetrying, draftSaved, photoNotUploaded } from '#messages/post.ts';


/** Drafts an account keeps; starting another drops its least recently touched one (and its photos). */
export const MAX_DRAFTS = 3;
/** A draft nobody touched for this many days is swept with its photos. */
export const DRAFT_DAYS = 7;

/** Longest side of a photo shrunk in the browser: above the widest size the server stores (1,280 px), so nothing is lost. */
export const SHRINK_LONGEST_SIDE = 1600;
/** What a shrunk photo aims at; quality steps down until it fits (a busy photo may end a little above). */
export const SHRINK_TARGET_BYTES = 200 * 1024;

export const DRAFT_MESSAGES = {
  notFound: draftNotFound,
  saved: draftSaved,
  photoFailed: photoNotUploaded,
  offline: draftOffline,
  retrying: draftRetrying,
} as const;

/** "Draft saved · photo 2 of 3 uploaded": what the form says is on the server. */
export function draftStatus(uploaded: number, total: number): string {
  if (total === 0) return DRAFT_MESSAGES.saved;
  return `${DRAFT_MESSAGES.saved}${draftPhotoBefore}${uploaded}${draftPhotoOf}${total}${draftPhotoAfter}`;
}
