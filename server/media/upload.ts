import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { MAX_IMAGES, MESSAGES } from '#kernel/listing-rules.ts';
import type { Config } from '../config.ts';
import { AppError, badRequest, isAppError } from '../http/errors.ts';
import { appErrorForStorageFault } from '../http/storage-errors.ts';
import { imageTooLarge, MAX_IMAGE_BYTES } from './images.ts';

/** Ten photos of 10 MB plus the text fields and multipart framing. */
export const MAX_UPLOAD_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;
/** One text field: the longest (a 5,000-character description) fits many times over. */
export const MAX_FIELD_BYTES = 64 * 1024;
/**
 * Text fields of the post/edit form: seven, two per kept photo (existingImages, imageOrder), and
 * without JavaScript every subcategory's attribute fields (kernel/subcategories.ts, about 40).
 */
export const MAX_FIELDS = 150;
/** File parts, counting the empty part a file input left empty sends. */
export const MAX_FILE_PARTS = MAX_IMAGES + 5;

/** The field the post/edit form sends its photos in. */
export const PHOTO_FIELD = 'images';

export const tooLarge = () => new AppError(413, (t) => t.errors.uploadTooLarge);
const bodyTooLarge = () => new AppError(413, (t) => t.errors.bodyTooLarge);
const unreadable = () => badRequest((t) => t.errors.formUnreadable);

/** A photo as received: a temporary file that lives as long as the request is being handled. */
/** A received photo on disk; sha256 is its content's digest (duplicate ads are spotted by it). */
export type UploadedFile = { path: string; size: number; sha256?: string };

/** What a form post carried: text fields and photos, in the order they came. */
export class ReceivedForm {
  private readonly fields = new Map<string, string[]>();
  private readonly photos: UploadedFile[] = [];

  addField(name: string, value: string): void {
    this.fields.set(name, [...(this.fields.get(name) ?? []), value]);
  }

  addPhoto(file: UploadedFile): void {
    this.photos.push(file);
  }

  /** The first value of a text field. */
  get(name: string): string | undefined {
    return this.fields.get(name)?.[0];
  }

  getAll(name: string): string[] {
    return this.fields.get(name) ?? [];
  }

  /** The names of the text fields received, in order of arrival. */
  names(): string[] {
    return [...this.fields.keys()];
  }

  /** The photos, leaving out the empty part a file input left empty sends. */
  files(): UploadedFile[] {
    return this.photos.filter((f) => f.size > 0);
  }
}

/** Where uploads wait while a request is handled: next to the media folder, never inside it (that is served). */
export function uploadTempRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'tmp');
}

/**
 * Reads a multipart (or urlencoded) post as it streams in, photos straight to temporary files,
 * then calls `handle` with it; the temporary files are removed afterwards whatever happens.
 * Limits are enforced while reading: a body past one stops being read and is answered at once
 * (413, or 400 for an eleventh photo, the form's own message). A body that is not well-formed
 * multipart is a 400. Pass `form` to keep the text fields that arrived before a refusal.
 */
export async function withUploadedForm<T>(
  request: Request,
  tempRoot: string,
  handle: (form: ReceivedForm) => Promise<T>,
  form = new ReceivedForm(),
): Promise<T> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
    throw new AppError(415, (t) => t.errors.sendAdMultipart);
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw tooLarge();
  await fs.mkdir(tempRoot, { recursive: true });
  const dir = await fs.mkdtemp(path.join(tempRoot, 'upload-'));
  try {
    await receive(request, contentType, dir, form);
    return await handle(form);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function receive(request: Request, contentType: string, dir: string, form: ReceivedForm): Promise<void> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // One byte over each limit, so that exactly the limit is allowed and one more is noticed.
      limits: { fileSize: MAX_IMAGE_BYTES + 1, files: MAX_FILE_PARTS, fieldSize: MAX_FIELD_BYTES + 1, fields: MAX_FIELDS },
    });
  } catch {
    throw unreadable(); // e.g. multipart without a boundary
  }

  // The first limit passed (or the server's own failure); the body is not read any further once it is set.
  let refusal: unknown = null;
  // Ends the reading at once: a photo's file that failed (a full disk) stops taking data, and the
  // parser, waiting for it, would stop taking the body: the request hung with nothing logged.
  const stop = new AbortController();
  const refuse = (error: unknown) => {
    refusal ??= error;
    stop.abort();
  };
  const writes: Promise<unknown>[] = [];
  let photos = 0;

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) refuse(bodyTooLarge());
    else form.addField(name, value);
  });
  parser.on('file', (name, stream) => {
    stream.on('limit', () => refuse(imageTooLarge()));
    if (name !== PHOTO_FIELD) {
      stream.resume();
      return;
    }
    const file: UploadedFile = { path: path.join(dir, String(writes.length)), size: 0 };
    form.addPhoto(file);
    const count = async function* (source: AsyncIterable<Buffer>) {
      const digest = createHash('sha256');
      for await (const chunk of source) {
        // A photo counts once its first byte arrives: an empty part is not a photo.
        if (file.size === 0 && chunk.length > 0 && ++photos > MAX_IMAGES) refuse(badRequest(MESSAGES.tooManyImages));
        file.size += chunk.length;
        digest.update(chunk);
        yield chunk;
      }
      file.sha256 = digest.digest('hex');
    };
    // A file that ends early is the sender's fault (400); a disk that fails is ours (507 or 503 when full or failing:
    // server/http/storage-errors.ts). The part's stream is drained after a failure so the parser is never left waiting.
    writes.push(
      pipeline(stream, count, createWriteStream(file.path)).catch((error: { syscall?: string }) => {
        refuse(error?.syscall ? error : unreadable());
        stream.resume();
      }),
    );
  });
  for (const limit of ['filesLimit', 'fieldsLimit'] as const) parser.on(limit, () => refuse(tooLarge()));

  let received = 0;
  const countBody = async function* (source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      // Throwing ends the pipeline: the parser and the request body are destroyed, nothing more is read.
      if (refusal) throw refusal;
      received += chunk.byteLength;
      if (received > MAX_UPLOAD_BYTES) throw tooLarge();
      yield chunk;
    }
  };
  try {
    const body = request.body ? Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(body, countBody, parser, { signal: stop.signal });
  } catch (error) {
    refusal ??= isAppError(error) || appErrorForStorageFault(error) ? error : unreadable();
  } finally {
    // Every temporary file is closed before anyone reads or removes it.
    await Promise.allSettled(writes);
  }
  if (refusal) throw refusal;
}

/** A JSON body of at most maxBytes (the text-only edit form is a few kilobytes). */
export async function readJson(request: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const body = await readBody(request, maxBytes, bodyTooLarge);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest((t) => t.errors.invalidJson);
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
