import type { DB } from "../db.server";
import { RASTER_EXTENSIONS } from "../images.server";
import { readImageHeader } from "./image-header.server";
import { withoutMetadata } from "./metadata/strip.server";
import { uploadStorage } from "./storage.server";
import type { UploadStorage } from "./storage-contract.server";

/**
 * The images stored before uploads were cleaned of their metadata, cleaned
 * now (docs/decisions/0048): run at start and after each orphan clean-up (which
 * may adopt files), by the server, because a migration cannot reach the
 * storage. Each upload whose `metadata_checked_at` is NULL is read, and a
 * raster image whose metadata comes out is written back under the same name
 * (atomically: a rename on disk, one PutObject on S3); then the row is marked.
 * Other types are marked as they are. Resized copies never carried metadata.
 * Several processes may run it at once: the same file cleaned twice gives the
 * same bytes. Stops between two files when `signal` aborts.
 */

const BATCH = 100;

export interface CleanResult {
  checked: number;
  /** The uploads whose files lost metadata. */
  cleaned: string[];
  /** Files that could not be cleaned (an AVIF sharp cannot read), left as they are. */
  unreadable: string[];
}

export async function cleanStoredUploads(
  db: DB,
  { storage = uploadStorage(), signal }: { storage?: UploadStorage; signal?: AbortSignal } = {},
): Promise<CleanResult> {
  const result: CleanResult = { checked: 0, cleaned: [], unreadable: [] };
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("uploads")
      .select("name")
      .where("metadata_checked_at", "is", null)
      .where("name", ">", after)
      .orderBy("name")
      .limit(BATCH)
      .execute();
    for (const { name } of rows) {
      if (signal?.aborted) return result;
      const outcome = await cleanStoredFile(storage, name);
      if (outcome === "cleaned") result.cleaned.push(name);
      if (outcome === "unreadable") result.unreadable.push(name);
      await db.updateTable("uploads").set({ metadata_checked_at: new Date() }).where("name", "=", name).execute();
      result.checked++;
    }
    if (rows.length < BATCH) return result;
    after = rows.at(-1)!.name;
  }
}

async function cleanStoredFile(storage: UploadStorage, name: string): Promise<"cleaned" | "clean" | "unreadable"> {
  const ext = name.slice(name.lastIndexOf(".") + 1);
  // SVG, videos and documents are served as they were uploaded (docs/decisions/0048).
  if (!RASTER_EXTENSIONS.has(ext)) return "clean";
  const file = await storage.get(name);
  if (!file) return "clean";
  const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
  const header = await readImageHeader(bytes);
  const parts = await withoutMetadata(bytes, ext, header?.orientation);
  if (!parts) return "unreadable";
  if (parts.length === 1 && parts[0] === bytes) return "clean";
  await storage.putAs(name, Buffer.concat(parts));
  return "cleaned";
}
