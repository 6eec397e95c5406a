// A leaf: the storages implement it and every user of a storage imports it,
// while it imports none of them (docs/decisions/0069).

/**
 * Where uploaded files live: a directory on disk (UPLOAD_DIR), or an S3
 * bucket when S3_BUCKET is set (./s3-storage.server.ts, docs/decisions/0049).
 * Routes, image copies and scripts only ever go through these methods; the
 * storage the environment names is ./storage.server.ts uploadStorage().
 */
export interface UploadStorage {
  /** Stores the bytes under a new server-made name with the given extension and returns the name. */
  put(body: ReadableStream<Uint8Array>, ext: string): Promise<string>;
  /**
   * Stores a resized copy of the stored upload `original` (a server-made name)
   * under the original's base name plus `suffix` ("-640w.webp", "-og.jpg").
   */
  putCopy(original: string, suffix: string, bytes: Uint8Array): Promise<void>;
  /** The stored file (an upload or a copy of one), or null when there is none by that name. */
  get(name: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Stores bytes under a name another storage made (moving uploads between storages: db:copy, db:restore). */
  putAs(name: string, bytes: Uint8Array): Promise<void>;
  /** Every stored name (uploads and copies), in no set order. */
  list(): AsyncIterable<string>;
  /** Removes a stored file; a name that is not there is no error. */
  delete(name: string): Promise<void>;
  /** Throws a ConfigurationError when the storage cannot be used (checked once at start-up). */
  check(): Promise<void>;
}

/** Server-made names only: 24 random bytes, base64url, and a short lower-case extension. */
export const STORED_NAME = /^[A-Za-z0-9_-]{32}\.[a-z0-9]{1,10}$/;
/** A resized copy of an uploaded image: the original's 32 characters, "-{width}w" or "-og", an image extension. */
export const COPY_NAME = /^[A-Za-z0-9_-]{32}-(?:[1-9][0-9]{0,4}w|og)\.(?:webp|jpg|avif)$/;
