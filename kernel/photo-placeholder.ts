/**
 * The grey picture frame shown for a photo that is not there: an ad without photos (inline, in
 * the page) and a stored file that is missing or cannot be fetched (answered by /media, so a
 * page shows a frame rather than a broken image). 4:3, like a real photo, so nothing jumps.
 */
export const PHOTO_PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e5e7eb"/>' +
  '<path d="M150 110h100a10 10 0 0 1 10 10v60a10 10 0 0 1-10 10H150a10 10 0 0 1-10-10v-60a10 10 0 0 1 10-10zm10 65h80l-25-35-20 25-12-14z" fill="#9ca3af"/></svg>';
