import { holdsAt, needsOrientation, orientationTiff } from "./orientation.server";

/**
 * A JPEG without its metadata (docs/decisions/0048), the compressed image
 * data untouched: segments are copied or dropped whole, never decoded.
 * Kept: everything that draws the image (tables, frames, scans), the JFIF
 * header (without a thumbnail), the ICC colour profile (APP2 ICC_PROFILE) and
 * Adobe's colour transform (APP14). Dropped: EXIF and XMP (APP1), IPTC
 * (APP13), comments (COM), every other APPn (MPF, FlashPix, makers' blocks)
 * and whatever follows the end of the image (appended previews, trailers).
 * The orientation comes back as a one-tag EXIF block. A file cut short keeps
 * its incomplete last segment unless that is metadata. Returns the file as
 * parts to write one after the other (the image data is never copied);
 * unchanged input as [bytes].
 */
export function stripJpeg(bytes: Uint8Array, orientation?: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let changed = false;
  let kept = 0; // where the run of bytes copied as they are began
  const flush = (to: number) => {
    if (to > kept) parts.push(bytes.subarray(kept, to));
    kept = to;
  };
  const replace = (from: number, to: number, by?: Uint8Array) => {
    flush(from);
    if (by) parts.push(by);
    kept = to;
    changed = true;
  };
  // The orientation goes right after SOI, or after a JFIF header that opens the file.
  let exif = needsOrientation(orientation) ? exifSegment(orientation) : undefined;
  let pos = 2;
  while (pos < bytes.length) {
    if (exif && !(pos === 2 && bytes[3] === 0xe0)) {
      if (holdsAt(bytes, pos, exif)) pos += exif.length; // cleaned before: kept as it is
      else replace(pos, pos, exif);
      exif = undefined;
      continue;
    }
    if (bytes[pos] !== 0xff) {
      // Bytes where a marker belongs: decoders skip them to the next 0xFF, so can we.
      const next = bytes.indexOf(0xff, pos);
      replace(pos, next < 0 ? bytes.length : next);
      pos = next < 0 ? bytes.length : next;
      continue;
    }
    const marker = bytes[pos + 1];
    if (marker === undefined) break;
    if (marker === 0xff) {
      pos++; // a fill byte
      continue;
    }
    if (marker === 0xd9) {
      // End of image: anything after it (an appended preview, a maker's trailer) goes.
      pos += 2;
      if (pos < bytes.length) replace(pos, bytes.length);
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2; // markers without a length
      continue;
    }
    const end = pos + 2 + ((bytes[pos + 2] ?? 0) << 8) + (bytes[pos + 3] ?? 0);
    const action = segmentAction(marker, bytes.subarray(pos + 4, Math.min(end, bytes.length)));
    if (end > bytes.length) {
      // Cut short: an incomplete metadata segment goes, anything else stays as it is.
      if (action !== "keep") replace(pos, bytes.length);
      break;
    }
    if (action === "drop") replace(pos, end);
    else if (action === "jfif-without-thumbnail") replace(pos, end, jfifWithoutThumbnail(bytes.subarray(pos + 4, end)));
    pos = marker === 0xda ? endOfScan(bytes, end) : end;
  }
  if (exif) replace(bytes.length, bytes.length, exif);
  flush(bytes.length);
  return changed ? parts : [bytes];
}

type SegmentAction = "keep" | "drop" | "jfif-without-thumbnail";

const startsWith = (payload: Uint8Array, text: string) => {
  for (let i = 0; i < text.length; i++) if (payload[i] !== text.charCodeAt(i)) return false;
  return true;
};

function segmentAction(marker: number, payload: Uint8Array): SegmentAction {
  if (marker === 0xfe) return "drop"; // COM
  if (marker < 0xe0 || marker > 0xef) return "keep"; // tables, frames, scans, restart interval
  if (marker === 0xe0 && startsWith(payload, "JFIF\0")) {
    // A thumbnail in the JFIF header would be a second, uncropped picture.
    return payload.length > 14 || payload[12] || payload[13] ? "jfif-without-thumbnail" : "keep";
  }
  if (marker === 0xe2 && startsWith(payload, "ICC_PROFILE\0")) return "keep";
  if (marker === 0xee && startsWith(payload, "Adobe")) return "keep";
  return "drop";
}

/** The JFIF APP0 segment with the same version, units and density, and no thumbnail. */
function jfifWithoutThumbnail(payload: Uint8Array): Uint8Array {
  const segment = new Uint8Array(18);
  segment.set([0xff, 0xe0, 0x00, 0x10]);
  segment.set(payload.subarray(0, 12), 4);
  return segment; // Xthumbnail and Ythumbnail stay 0
}

/** APP1 "Exif\0\0" holding only the orientation. */
function exifSegment(orientation: number): Uint8Array {
  const tiff = orientationTiff(orientation);
  const segment = new Uint8Array(4 + 6 + tiff.length);
  segment.set([0xff, 0xe1, 0x00, 2 + 6 + tiff.length]);
  segment.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4);
  segment.set(tiff, 10);
  return segment;
}

/**
 * Where the entropy-coded data after a scan header ends: the next marker that
 * is neither a stuffed 0xFF00 nor a restart marker (or the end of the file).
 */
function endOfScan(bytes: Uint8Array, from: number): number {
  let pos = from;
  for (;;) {
    pos = bytes.indexOf(0xff, pos);
    if (pos < 0 || pos + 1 >= bytes.length) return bytes.length;
    const next = bytes[pos + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) pos++;
    else return pos;
  }
}
