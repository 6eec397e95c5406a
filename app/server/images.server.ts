import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, OG_IMAGE_SIZE, plainImage, uploadName, variantUrl, type ImageView } from "~/lib/images";
import { badRequest } from "./app-error.server";
import type { DB } from "./db.server";
import { MAX_PIXELS } from "./uploads/image-header.server";
import { inImageQueue } from "./uploads/work-queue.server";

/**
 * Resized copies of uploaded images, made once at upload with sharp
 * (docs/decisions/0016-responsive-images.md), and what pages need to show them.
 */

/** The raster types copies are made of (SVG is shown as it is). */
export const RASTER_EXTENSIONS = new Set(["jpg", "png", "gif", "webp", "avif"]);
export const NOT_AN_IMAGE = "This file is not an image (JPEG, PNG, WebP, AVIF or GIF)";
export const UNREADABLE_IMAGE = "This image could not be read: the file is damaged or incomplete. Please export it again and upload the new file.";
/** Copies in these formats, best first; the last is the fallback every browser shows. */
const FORMATS = ["webp", "jpg"] as const;

export interface ProcessedImage {
  width: number;
  height: number;
  widths: number[];
  formats: string[];
  /** Each copy's name suffix ("-640w.webp", "-og.jpg") and bytes. */
  copies: { suffix: string; bytes: Buffer }[];
}

/**
 * Makes the copies of an image whose header was read (its upright size in
 * `header`): each width of IMAGE_WIDTHS up to the original's (the original's
 * own width when it is narrower than the first), in WebP and JPEG, plus a
 * 1200x630 cover crop for link previews. Metadata (GPS position included) is
 * not copied. Runs in the image queue (./uploads/work-queue.server.ts): the
 * photo is decoded once, turned upright and brought down to the widest copy's
 * width (a JPEG decodes straight at a fraction of its size) into a scratch
 * file in libvips' own format, and every copy is made from that file: the
 * pixels never pass through JavaScript, whose collector would otherwise stop
 * the event loop for each 8 MB buffer. Pixels sharp cannot decode are a 400
 * with UNREADABLE_IMAGE.
 */
export function processImage(bytes: Uint8Array, header: { width: number; height: number }): Promise<ProcessedImage> {
  const { width, height } = header;
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  if (widths.length < IMAGE_WIDTHS.length) widths.push(width);
  return inImageQueue(async () => {
    const copies: ProcessedImage["copies"] = [];
    const scratch = path.join(tmpdir(), `gr-detail-image-${randomBytes(12).toString("hex")}.v`);
    try {
      await sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient().resize({ width: widths.at(-1), withoutEnlargement: true }).toFile(scratch);
      const resized = (w: number) => sharp(scratch).resize({ width: w, withoutEnlargement: true });
      for (const w of widths) {
        copies.push({ suffix: `-${w}w.webp`, bytes: await resized(w).webp({ quality: 75 }).toBuffer() });
        // Plain libjpeg here (mozjpeg takes twice as long for 10–15 % less): only browsers without WebP fetch these.
        copies.push({ suffix: `-${w}w.jpg`, bytes: await resized(w).flatten({ background: "#ffffff" }).jpeg({ quality: 78 }).toBuffer() });
      }
      const og = await sharp(scratch)
        .resize({ ...OG_IMAGE_SIZE, fit: "cover", position: sharp.strategy.attention })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      copies.push({ suffix: "-og.jpg", bytes: og });
    } catch {
      // A header that reads but pixels that do not: truncated or corrupt data.
      throw badRequest(UNREADABLE_IMAGE);
    } finally {
      await rm(scratch, { force: true });
    }
    return { width, height, widths, formats: [...FORMATS], copies };
  });
}

/** Records an upload's size and copies, in the transaction that records the upload (./uploads/records.server.ts). */
export async function recordImage(db: DB, name: string, image: ProcessedImage): Promise<void> {
  await db
    .insertInto("images")
    .values({
      name,
      width: image.width,
      height: image.height,
      widths: JSON.stringify(image.widths),
      formats: JSON.stringify(image.formats),
      og: image.copies.some((c) => c.suffix === "-og.jpg"),
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

/**
 * What the pages need to show these image URLs (sizes, copies), keyed by URL.
 * An URL that is not an upload, or an upload made before copies existed, is
 * shown as it is (plainImage).
 */
export async function imageViews(db: DB, urls: Iterable<string>): Promise<Map<string, ImageView>> {
  const views = new Map<string, ImageView>();
  const names = new Map<string, string>();
  for (const url of urls) {
    if (!url || views.has(url)) continue;
    views.set(url, plainImage(url));
    const name = uploadName(url);
    if (name) names.set(name, url);
  }
  if (names.size) {
    const rows = await db.selectFrom("images").selectAll().where("name", "in", [...names.keys()]).execute();
    for (const row of rows) {
      const src = names.get(row.name)!;
      views.set(src, { src, width: row.width, height: row.height, widths: row.widths, formats: row.formats, og: row.og });
    }
  }
  return views;
}

/** Rows with an image URL in `image` (testimonials), each with what is needed to show it (null without one). */
export async function withPhotos<T extends { image: string }>(db: DB, rows: T[]): Promise<(T & { photo: ImageView | null })[]> {
  const views = await imageViews(db, rows.map((r) => r.image));
  return rows.map((r) => ({ ...r, photo: r.image ? (views.get(r.image) ?? null) : null }));
}

/** A photo as the pages list it (a lead's, a condition report's): a thumbnail linking to the photo. */
export interface PhotoView {
  /** The photo as sent (metadata taken out). */
  url: string;
  /** A small copy for the list (the original when none was made). */
  thumb: string;
  name: string;
  width: number | null;
  height: number | null;
}

/** An upload's row (and its images row, when copies were made) as a PhotoView. */
export function photoView(row: { upload_name: string; original_name: string; width: number | null; height: number | null; widths: number[] | null; formats: string[] | null }): PhotoView {
  const url = `/uploads/${row.upload_name}`;
  // The narrowest copy (320 px, or the photo's own width when narrower): enough for a thumbnail on any screen.
  const width = row.widths?.[0];
  const format = row.formats?.[0];
  return { url, thumb: width && format ? variantUrl(url, width, format) : url, name: row.original_name, width: row.width, height: row.height };
}
