import { SHRINK_LONGEST_SIDE, SHRINK_TARGET_BYTES } from '#kernel/draft-rules.ts';

/*
 * Shrinks a phone photo in the browser before it is uploaded (issue 48, point 3): a 1.5 MB,
 * 4,000 px camera picture becomes about 200 kB at 1,600 px, so three go over slow 3G in
 * seconds instead of a minute and a half. Loaded with import() when photos are picked: the
 * post page does not carry it otherwise. The server still checks and re-encodes whatever
 * arrives (server/media/images.ts): this only saves the seller's megabytes and time.
 */

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Steps of quality tried, best first, until the photo fits the target. */
const QUALITIES = [0.82, 0.72, 0.62, 0.52];

/**
 * The photo to upload: at most `longest` px on its longest side, the right way up (the EXIF
 * orientation is applied while decoding, and a re-encoded picture carries no EXIF, location
 * included), WebP where the browser writes it and JPEG elsewhere, around `target` bytes. The
 * file itself when it is already small, or when the browser cannot decode it (the server then
 * judges it as it is).
 */
export async function shrinkPhoto(file: File, longest = SHRINK_LONGEST_SIDE, target = SHRINK_TARGET_BYTES): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= target) return file;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = canvasOf(width, height);
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    let type = 'image/webp';
    let best: Blob | null = null;
    for (const quality of QUALITIES) {
      const blob = await encode(canvas, type, quality);
      if (!blob) break;
      // A browser that cannot write WebP hands back PNG: JPEG is the smaller fallback.
      if (blob.type !== type) {
        type = 'image/jpeg';
        continue;
      }
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= target) break;
    }
    if (!best) return file;
    // A picture already within the size, encoded more tightly than we would, goes as it is.
    return scale < 1 || best.size < file.size ? best : file;
  } finally {
    bitmap.close();
  }
}

/** The uploaded file's name: the original's, with the extension of what is sent. */
export function shrunkName(original: string, blob: Blob): string {
  if (blob instanceof File) return blob.name;
  const extension = blob.type === 'image/webp' ? 'webp' : blob.type === 'image/jpeg' ? 'jpg' : 'img';
  return `${original.replace(/\.[^.]*$/, '') || 'photo'}.${extension}`;
}
