import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import type { S3Settings } from "../env.server";
import { COPY_NAME, STORED_NAME, type UploadStorage } from "./storage-contract.server";

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's own chain (an instance role, AWS_PROFILE, …).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer
    // on every upload) is still refused by many S3-compatible servers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

/**
 * Uploads as objects in an S3 bucket, one object per stored name (the same
 * server-made names as on disk, docs/decisions/0049). Nothing is ever served
 * from the bucket directly: /uploads/{name} streams the object through the app,
 * so the safe serving headers stay the app's (the bucket may stay private).
 * An object is only created whole (PutObject is atomic), so a failed upload
 * never leaves a half-written file that could be served.
 */
export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): UploadStorage {
  const Bucket = settings.bucket;
  const putObject = (Key: string, Body: Uint8Array) =>
    client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.byteLength, ContentType: "application/octet-stream" }));
  return {
    async put(body, ext) {
      if (!/^[a-z0-9]{1,10}$/.test(ext)) throw new Error(`Bad extension for a stored upload: ${ext}`);
      const name = `${randomBytes(24).toString("base64url")}.${ext}`;
      // PutObject needs the length up front; an upload is already in memory (at most UPLOAD_MAX_BYTES).
      await putObject(name, new Uint8Array(await new Response(body).arrayBuffer()));
      return name;
    },
    async putCopy(original, suffix, bytes) {
      const name = `${original.slice(0, 32)}${suffix}`;
      if (!STORED_NAME.test(original) || !COPY_NAME.test(name)) throw new Error(`Bad name for an image copy: ${name}`);
      await putObject(name, bytes);
    },
    async putAs(name, bytes) {
      if (!STORED_NAME.test(name) && !COPY_NAME.test(name)) throw new Error(`Not a stored upload's name: ${name}`);
      await putObject(name, bytes);
    },
    async get(name) {
      if (!STORED_NAME.test(name) && !COPY_NAME.test(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && (STORED_NAME.test(object.Key) || COPY_NAME.test(object.Key))) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async delete(name) {
      if (!STORED_NAME.test(name) && !COPY_NAME.test(name)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const why =
          status === 404 ? "it does not exist" : status === 403 ? "the credentials may not use it" : error instanceof Error ? error.message : String(error);
        throw Object.assign(
          new Error(`The upload bucket S3_BUCKET=${Bucket}${settings.endpoint ? ` at S3_ENDPOINT=${settings.endpoint}` : ""} cannot be used: ${why}`),
          { name: "ConfigurationError" },
        );
      }
    },
  };
}
