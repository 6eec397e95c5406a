import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "../env.server";
import { s3Storage } from "./s3-storage.server";
import { COPY_NAME, STORED_NAME, type UploadStorage } from "./storage-contract.server";

/**
 * The two storages (./storage-contract.server.ts says what one does): a
 * directory on disk (UPLOAD_DIR), or an S3 bucket when S3_BUCKET is set
 * (./s3-storage.server.ts, docs/decisions/0049).
 */

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
    async putAs(name, bytes) {
      if (!STORED_NAME.test(name) && !COPY_NAME.test(name)) throw new Error(`Not a stored upload's name: ${name}`);
      await mkdir(path.join(dir, ".partial"), { recursive: true });
      const partial = path.join(dir, ".partial", name);
      await writeFile(partial, bytes);
      await rename(partial, path.join(dir, name));
    },
    async *list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const name of names) if (STORED_NAME.test(name) || COPY_NAME.test(name)) yield name;
    },
    async delete(name) {
      if (!STORED_NAME.test(name) && !COPY_NAME.test(name)) return;
      await rm(path.join(dir, name), { force: true });
    },
    async check() {
      await mkdir(dir, { recursive: true });
    },
  };
}

// One client per process and settings (the S3 client keeps its connections).
let made: { key: string; storage: UploadStorage } | undefined;

/** The storage the environment names: S3 when S3_BUCKET is set, else UPLOAD_DIR on disk. */
export function uploadStorage(): UploadStorage {
  const settings = env();
  const key = settings.s3 ? JSON.stringify(settings.s3) : `disk:${settings.uploadDir}`;
  if (made?.key !== key) made = { key, storage: settings.s3 ? s3Storage(settings.s3) : diskStorage(settings.uploadDir) };
  return made.storage;
}
