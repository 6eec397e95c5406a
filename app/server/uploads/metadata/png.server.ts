import { crc32 } from "node:zlib";
import { holdsAt, needsOrientation, orientationTiff } from "./orientation.server";

/**
 * Chunks that draw the image, and nothing else (docs/decisions/0048): the
 * critical ones, transparency, colour (the ICC profile included), density,
 * background and palettes, and APNG's animation. Text (tEXt, zTXt, iTXt: where
 * XMP and comments live), EXIF (eXIf), the time (tIME) and every chunk not
 * listed (private ones can hold anything) are dropped.
 */
const DRAWING_CHUNKS = new Set([
  "IHDR", "PLTE", "IDAT", "IEND",
  "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCV", "cLLI",
  "bKGD", "hIST", "pHYs", "sPLT",
  "acTL", "fcTL", "fdAT",
]);

/**
 * A PNG with only DRAWING_CHUNKS, each copied whole (data and CRC untouched),
 * and nothing after IEND. The orientation comes back as a one-tag eXIf chunk
 * after IHDR. A file cut short keeps its incomplete last chunk unless that is
 * metadata. Returns the file as parts to write one after the other (the
 * image data is never copied); unchanged input as [bytes].
 */
export function stripPng(bytes: Uint8Array, orientation?: number): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let changed = false;
  let pos = 8;
  while (pos < bytes.length) {
    if (pos + 8 > bytes.length) {
      // Not even a chunk's length and type: too few bytes to hold anything, kept as they are.
      parts.push(bytes.subarray(pos));
      break;
    }
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    const end = pos + 12 + view.getUint32(pos);
    const keep = DRAWING_CHUNKS.has(type);
    if (end > bytes.length) {
      // Cut short: an incomplete chunk that draws stays as it is; anything else goes.
      if (keep) parts.push(bytes.subarray(pos));
      else changed = true;
      break;
    }
    if (keep) parts.push(bytes.subarray(pos, end));
    else changed = true;
    pos = end;
    if (type === "IHDR" && needsOrientation(orientation)) {
      const exif = exifChunk(orientation);
      if (holdsAt(bytes, pos, exif)) {
        parts.push(bytes.subarray(pos, pos + exif.length)); // cleaned before: kept as it is
        pos += exif.length;
      } else {
        parts.push(exif);
        changed = true;
      }
      continue;
    }
    if (type === "IEND") {
      if (pos < bytes.length) changed = true; // what follows the image goes
      break;
    }
  }
  return changed ? parts : [bytes];
}

function exifChunk(orientation: number): Uint8Array {
  const data = orientationTiff(orientation);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set([0x65, 0x58, 0x49, 0x66], 4); // "eXIf"
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}
