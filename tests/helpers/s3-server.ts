import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3Server {
  /** S3_* variables that point the app at this server's bucket (path-style, as S3-compatible servers want). */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket,
 * keeping its objects in a temporary directory. It checks request signatures
 * with its fixed key pair S3RVER / S3RVER.
 */
export async function startS3Server(bucket = "uploads"): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "gr-detail-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
