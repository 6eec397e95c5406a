import { holdsAt, needsOrientation, orientationTiff } from "./orientation.server";

/** The chunks that draw the image (docs/decisions/0048): EXIF, XMP and unknown chunks are dropped. */
const DRAWING_CHUNKS = new Set(["VP8X", "ICCP", "ANIM", "ANMF", "ALPH", "VP8 ", "VP8L"]);
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

/**
 * A WebP with only DRAWING_CHUNKS, copied whole (the compressed image
 * untouched), its RIFF size and VP8X flags set to match, and nothing after
 * the RIFF container. The orientation comes back as a one-tag EXIF chunk
 * (only the extended format can carry one). A file cut short keeps its
 * incomplete last chunk unless that is metadata. Returns the file as parts
 * to write one after the other (the image data is never copied); unchanged
 * input as [bytes].
 */
export function stripWebp(bytes: Uint8Array, orientation?: number): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = Math.min(bytes.length, 8 + (bytes.length >= 8 ? view.getUint32(4, true) : 0));
  const parts: Uint8Array[] = [bytes.subarray(0, 12)];
  let changed = riffEnd < bytes.length; // what follows the container goes
  let vp8x: Uint8Array | undefined;
  const exif = needsOrientation(orientation) ? exifChunk(orientation) : undefined;
  let exifKept = false;
  let pos = 12;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) {
      // Not even a chunk's name and size: too few bytes to hold anything, kept as they are.
      parts.push(bytes.subarray(pos, riffEnd));
      break;
    }
    const type = String.fromCharCode(...bytes.subarray(pos, pos + 4));
    const size = view.getUint32(pos + 4, true);
    const end = pos + 8 + size + (size % 2);
    const keep = DRAWING_CHUNKS.has(type);
    if (end > riffEnd) {
      if (keep) parts.push(bytes.subarray(pos, riffEnd));
      else changed = true;
      break;
    }
    if (type === "VP8X" && !vp8x) {
      vp8x = new Uint8Array(bytes.subarray(pos, end)); // a copy (a Buffer's slice() would not be): its flags are set below
      parts.push(vp8x);
    } else if (keep || (exif && !exifKept && holdsAt(bytes, pos, exif) && end === riffEnd)) {
      // (A last EXIF chunk as this code writes it: cleaned before, kept as it is.)
      exifKept ||= !keep;
      parts.push(bytes.subarray(pos, end));
    } else changed = true;
    pos = end;
  }
  if (vp8x && vp8x.length > 8) {
    const flags = vp8x[8]!;
    let wanted = flags & ~(EXIF_FLAG | XMP_FLAG);
    if (exif) {
      if (!exifKept) parts.push(exif);
      wanted |= EXIF_FLAG;
      changed ||= !exifKept;
    }
    if (wanted !== flags) {
      vp8x[8] = wanted;
      changed = true;
    }
  }
  if (!changed) return [bytes];
  const header = new Uint8Array(bytes.subarray(0, 12)); // a copy: the RIFF size changes
  new DataView(header.buffer).setUint32(4, parts.reduce((n, p) => n + p.length, 0) - 8, true);
  parts[0] = header;
  return parts;
}

function exifChunk(orientation: number): Uint8Array {
  const data = orientationTiff(orientation); // 26 bytes: even, no padding
  const chunk = new Uint8Array(8 + data.length);
  chunk.set([0x45, 0x58, 0x49, 0x46]); // "EXIF"
  new DataView(chunk.buffer).setUint32(4, data.length, true);
  chunk.set(data, 8);
  return chunk;
}
