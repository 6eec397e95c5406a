import sharp from "sharp";
import { inImageQueue } from "../work-queue.server";
import { stripGif } from "./gif.server";
import { stripJpeg } from "./jpeg.server";
import { stripPng } from "./png.server";
import { stripWebp } from "./webp.server";

/**
 * A raster image as it may be stored and served to anyone (docs/decisions/0048):
 * no EXIF (GPS position, camera, owner, dates), XMP, IPTC, comments or
 * appended previews; the orientation (as a one-tag EXIF block, see
 * ./orientation.server.ts) and the ICC colour profile stay. JPEG, PNG, WebP
 * and GIF lose their metadata blocks without their pixels being touched, in
 * milliseconds. AVIF keeps its metadata in its container's item tables, so it
 * is decoded and encoded again (upright, with its colour profile), in the
 * image queue. The file comes back as parts to write one after the other,
 * views of `bytes` between the blocks left out (forty photos at once would
 * otherwise be forty more 8 MB copies); `[bytes]` when nothing had to go.
 * Undefined when cleaning is impossible (an AVIF sharp cannot read).
 */
export async function withoutMetadata(bytes: Uint8Array, ext: string, orientation: number | undefined): Promise<Uint8Array[] | undefined> {
  switch (ext) {
    case "jpg":
      return stripJpeg(bytes, orientation);
    case "png":
      return stripPng(bytes, orientation);
    case "webp":
      return stripWebp(bytes, orientation);
    case "gif":
      return stripGif(bytes);
    case "avif":
      return inImageQueue(() => sharp(bytes).autoOrient().keepIccProfile().avif({ quality: 80 }).toBuffer())
        .then((avif) => [avif])
        .catch(() => undefined);
    default:
      throw new Error(`Not a raster image type: ${ext}`);
  }
}
