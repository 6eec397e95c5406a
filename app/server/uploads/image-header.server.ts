import sharp, { type Metadata } from "sharp";
import { badRequest } from "../app-error.server";

/**
 * An image's size from its header alone, before anything decodes its pixels
 * (docs/decisions/0048): every raster image is checked against one limit,
 * whichever upload field it came through, so that no page ever hands a
 * browser a small file that unpacks into gigabytes.
 */

// A photo of 120 megapixels is larger than any phone's; past it a small file
// could still ask for gigabytes of memory once decoded.
export const MAX_PIXELS = 120_000_000;
export const TOO_MANY_PIXELS = `This image is too large: at most ${MAX_PIXELS / 1_000_000} megapixels`;

export interface ImageHeader {
  /** The size once turned upright by its EXIF orientation. */
  width: number;
  height: number;
  /** The EXIF orientation as stored (1–8), if any. */
  orientation?: number;
  /** Pixels in one frame (all a browser decodes at once). */
  pixels: number;
}

/** The header of a raster image (JPEG, PNG, WebP, AVIF, GIF), or undefined when it cannot be read. */
export async function readImageHeader(bytes: Uint8Array): Promise<ImageHeader | undefined> {
  let metadata: Metadata;
  try {
    // Header only: libvips reads the markers or chunks up to the pixel data.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
  if (!metadata.width || !metadata.height) return undefined;
  return { ...metadata.autoOrient, orientation: metadata.orientation, pixels: metadata.width * (metadata.pageHeight ?? metadata.height) };
}

/** A 400 past MAX_PIXELS, for every upload field alike. */
export function refuseTooManyPixels(header: ImageHeader | undefined): void {
  if (header && header.pixels > MAX_PIXELS) throw badRequest(TOO_MANY_PIXELS);
}
