import { MAX_IMAGES } from '../../app/lib/listing-rules.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { MAX_IMAGE_BYTES } from './images.ts';

/** Ten photos of 10 MB plus the text fields and multipart framing. */
export const MAX_UPLOAD_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

export const tooLarge = () => new AppError(413, 'The upload is too large: at most 10 images of 10 MB each.');

/**
 * Reads a multipart (or urlencoded) body, refusing it with 413 as soon as it passes maxBytes:
 * a declared Content-Length is checked before reading, a chunked body while it streams.
 * Used by the API and by the page actions alike.
 */
export async function readFormData(request: Request, maxBytes = MAX_UPLOAD_BYTES): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
    throw new AppError(415, 'Send the ad as multipart/form-data.');
  }
  const body = await readBody(request, maxBytes, tooLarge);
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The form data could not be read. Please try again.');
  }
}

/** A JSON body of at most maxBytes (the text-only edit form is a few kilobytes). */
export async function readJson(request: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const body = await readBody(request, maxBytes, () => new AppError(413, 'The request body is too large.'));
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

async function readBody(request: Request, maxBytes: number, error: () => AppError): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw error();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw error();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** Files of one field; a file input left empty sends a nameless empty part, which is not a photo. */
export function formFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((v): v is File => typeof v !== 'string' && v.size > 0);
}
