import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../config.ts';
import { isSafeMediaName, isTempMediaName, MediaStoreUnavailable, mediaType, type MediaStore } from './storage.ts';

/** Every name is written once and never changes (server/media/images.ts), so browsers and CDNs may keep it for ever. */
export const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/**
 * The S3 client of a media store: bounded per attempt (connecting and answering), one retry,
 * so a storage that does not answer fails a post in about twice the timeout rather than hanging
 * it. Checksums only where S3 requires them: MinIO, R2 and B2 do not all take the newer
 * CRC headers and chunked uploads the SDK sends by default.
 */
export function createS3Client(config: S3StoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    maxAttempts: 2,
    // Without throwOnRequestTimeout the SDK only logs a request past its timeout, and the post hangs.
    requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs, throwOnRequestTimeout: true },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Anything the SDK throws but "not there" means the storage could not do it now. */
async function guarded<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new MediaStoreUnavailable(operation, error);
  }
}

/** pageSize: keys a listing asks for at once (S3 gives at most 1,000; tests ask for fewer to see the paging). */
export function createS3MediaStore(config: S3StoreConfig, { client = createS3Client(config), pageSize = 1000 }: { client?: S3Client; pageSize?: number } = {}): MediaStore {
  const Bucket = config.bucket;
  const key = (name: string) => {
    if (!isSafeMediaName(name) && !isTempMediaName(name)) throw new Error(`unsafe media name: ${name}`);
    return name;
  };

  async function get(name: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw new MediaStoreUnavailable('read', error);
    }
  }

  return {
    kind: 's3',
    async put(name, data) {
      // An object appears whole or not at all: no temporary name is needed, unlike a file.
      await guarded('put', () =>
        client.send(new PutObjectCommand({ Bucket, Key: key(name), Body: data, ContentLength: data.byteLength, ContentType: mediaType(name), CacheControl: OBJECT_CACHE_CONTROL })),
      );
    },
    async remove(names) {
      for (let i = 0; i < names.length; i += DELETE_BATCH) {
        const batch = names.slice(i, i + DELETE_BATCH).map((n) => ({ Key: key(n) }));
        // Deleting a key that is not there is no error in S3: removing every possible file of a photo is fine.
        const answer = await guarded('remove', () => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } })));
        const failed = answer.Errors ?? [];
        if (failed.length) throw new MediaStoreUnavailable('remove', new Error(`${failed.length} objects not deleted: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`));
      }
    },
    async read(name) {
      const answer = await get(name);
      if (!answer?.Body) return null;
      return guarded('read', async () => Buffer.from(await answer.Body!.transformToByteArray()));
    },
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw new MediaStoreUnavailable('has', error);
      }
    },
    async open(name) {
      const answer = await get(name);
      if (!answer?.Body) return null;
      return { body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: answer.ContentLength, etag: answer.ETag };
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await guarded('list', () => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: pageSize })));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { name: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
