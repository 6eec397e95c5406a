import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "../env.server";

/**
 * Where uploaded files live. One implementation (a directory on disk); object
 * storage can be added behind the same two methods without touching routes.
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
}

/** Server-made names only: 24 random bytes, base64url, and a short lower-case extension. */
export const STORED_NAME = /^[A-Za-z0-9_-]{32}\.[a-z0-9]{1,10}$/;
/** A resized copy of an uploaded image: the original's 32 characters, "-{width}w" or "-og", an image extension. */
export const COPY_NAME = /^[A-Za-z0-9_-]{32}-(?:[1-9][0-9]{0,4}w|og)\.(?:webp|jpg|avif)$/;

export function diskStorage(dir: string): UploadStorage {
  return {
    async put(body, ext) {
      if (!/^[a-z0-9]{1,10}$/.test(ext)) throw new Error(`Bad extension for a stored upload: ${ext}`);
      await mkdir(path.join(dir, ".partial"), { recursive: true });
      const name = `${randomBytes(24).toString("base64url")}.${ext}`;
      // Written beside the final place and renamed when complete, so a failed
      // or aborted write never leaves a file that can be served.
      const partial = path.join(dir, ".partial", name);
      try {
        await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>), createWriteStream(partial, { flags: "wx" }));
        await rename(partial, path.join(dir, name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return name;
    },
    async putCopy(original, suffix, bytes) {
      const name = `${original.slice(0, 32)}${suffix}`;
      if (!STORED_NAME.test(original) || !COPY_NAME.test(name)) throw new Error(`Bad name for an image copy: ${name}`);
      await mkdir(path.join(dir, ".partial"), { recursive: true });
      const partial = path.join(dir, ".partial", name);
      try {
        await writeFile(partial, bytes);
        await rename(partial, path.join(dir, name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(name) {
      if (!STORED_NAME.test(name) && !COPY_NAME.test(name)) return null;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    },
  };
}

export function uploadStorage(): UploadStorage {
  return diskStorage(env().uploadDir);
}
