import sharp from "sharp";
import { IMAGE_WIDTHS, OG_IMAGE_SIZE, plainImage, uploadName, type ImageView } from "~/lib/images";
import { badRequest } from "./app-error.server";
import type { DB } from "./db.server";

/**
 * Resized copies of uploaded images, made once at upload with sharp
 * (docs/decisions/0016-responsive-images.md), and what pages need to show them.
 */

/** The raster types copies are made of (SVG is shown as it is). */
export const RASTER_EXTENSIONS = new Set(["jpg", "png", "gif", "webp", "avif"]);
export const NOT_AN_IMAGE = "This file is not an image (JPEG, PNG, WebP, AVIF or GIF)";
export const UNREADABLE_IMAGE = "This image could not be read: the file is damaged or incomplete. Please export it again and upload the new file.";
// A photo of 120 megapixels is larger than any phone's; past it a small file
// could still ask for gigabytes of memory once decoded.
const MAX_PIXELS = 120_000_000;
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
 * Decodes the image (turned upright by its EXIF orientation) and makes its
 * copies: each width of IMAGE_WIDTHS up to the original's (the original's own
 * width when it is narrower than the first), in WebP and JPEG, plus a 1200x630
 * cover crop for link previews. Metadata (GPS position included) is not
 * copied. Bytes sharp cannot decode are a 400 with UNREADABLE_IMAGE.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient();
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    // The size once turned upright by its EXIF orientation.
    ({ width, height } = metadata.autoOrient);
    if (metadata.width * metadata.height > MAX_PIXELS) throw new Error("pixel limit");
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw badRequest(`This image is too large: at most ${MAX_PIXELS / 1_000_000} megapixels`);
    }
    throw badRequest(UNREADABLE_IMAGE);
  }
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  if (widths.length < IMAGE_WIDTHS.length) widths.push(width);
  const copies: ProcessedImage["copies"] = [];
  try {
    for (const w of widths) {
      const resized = input().resize({ width: w, withoutEnlargement: true });
      copies.push({ suffix: `-${w}w.webp`, bytes: await resized.clone().webp({ quality: 75 }).toBuffer() });
      copies.push({ suffix: `-${w}w.jpg`, bytes: await resized.clone().flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer() });
    }
    const og = await input()
      .resize({ ...OG_IMAGE_SIZE, fit: "cover", position: sharp.strategy.attention })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    copies.push({ suffix: "-og.jpg", bytes: og });
  } catch {
    // A header that reads but pixels that do not: truncated or corrupt data.
    throw badRequest(UNREADABLE_IMAGE);
  }
  return { width, height, widths, formats: [...FORMATS], copies };
}

/** Records an upload's size and copies (after the files are stored). */
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
