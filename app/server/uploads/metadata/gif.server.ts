/** Application extensions that draw or play the image: the loop count, and an ICC profile. */
const DRAWING_APPLICATIONS = ["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"];

/**
 * A GIF without comments (extension 0xFE) or application extensions other
 * than DRAWING_APPLICATIONS (XMP travels as "XMP DataXMP"), and nothing after
 * its trailer (docs/decisions/0048). Frames, palettes and graphic controls
 * are copied whole. GIF has no orientation. A file cut short keeps its
 * incomplete last block unless that is metadata. Returns the file as parts
 * to write one after the other (the image data is never copied); unchanged
 * input as [bytes].
 */
export function stripGif(bytes: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let changed = false;
  // Header (6), logical screen descriptor (7) and the global colour table, if any.
  const packed = bytes[10] ?? 0;
  let pos = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  parts.push(bytes.subarray(0, Math.min(pos, bytes.length)));
  while (pos < bytes.length) {
    const introducer = bytes[pos]!;
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(pos, pos + 1));
      if (pos + 1 < bytes.length) changed = true; // what follows the trailer goes
      break;
    }
    let end: number;
    let keep = true;
    if (introducer === 0x21) {
      const label = bytes[pos + 1];
      end = subBlocksEnd(bytes, pos + 2);
      if (label === 0xfe) keep = false;
      if (label === 0xff) {
        const identifier = String.fromCharCode(...bytes.subarray(pos + 3, pos + 14));
        keep = bytes[pos + 2] === 11 && DRAWING_APPLICATIONS.includes(identifier);
      }
    } else if (introducer === 0x2c) {
      const local = bytes[pos + 9] ?? 0;
      // Descriptor (10), the local colour table, the LZW code size (1), then the data's sub-blocks.
      end = subBlocksEnd(bytes, pos + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1);
    } else {
      // Not a block: the rest is not GIF structure and none of it is kept.
      changed = true;
      break;
    }
    if (keep) parts.push(bytes.subarray(pos, Math.min(end, bytes.length)));
    else changed = true;
    if (end > bytes.length) break; // cut short
    pos = end;
  }
  return changed ? parts : [bytes];
}

/** The end of a chain of sub-blocks (a length byte, that many bytes, … until a 0), or past the end when cut short. */
function subBlocksEnd(bytes: Uint8Array, from: number): number {
  let pos = from;
  while (pos < bytes.length) {
    const size = bytes[pos]!;
    pos += 1 + size;
    if (size === 0) return pos;
  }
  return bytes.length + 1;
}
