/**
 * The one piece of EXIF a cleaned image keeps: its orientation (1–8), so that a
 * photo taken sideways still shows upright without its pixels being encoded
 * again (docs/decisions/0048). A TIFF structure with one IFD and one entry,
 * tag 0x0112 (Orientation), big-endian: 26 bytes, nothing else.
 */
export function orientationTiff(orientation: number): Uint8Array {
  const tiff = new Uint8Array(26);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]); // "MM", 42
  view.setUint32(4, 8); // the first IFD follows the header
  view.setUint16(8, 1); // one entry
  view.setUint16(10, 0x0112); // Orientation
  view.setUint16(12, 3); // SHORT
  view.setUint32(14, 1); // one value, held in the entry itself
  view.setUint16(18, orientation);
  view.setUint32(22, 0); // no next IFD
  return tiff;
}

/** Orientations other than 1 (as stored) need the tag; 1 or unknown needs nothing. */
export const needsOrientation = (orientation: number | undefined): orientation is number =>
  orientation !== undefined && Number.isInteger(orientation) && orientation >= 2 && orientation <= 8;

/** Whether `bytes` holds `expected` at `pos`: an orientation block already as this code writes it stays (cleaning twice changes nothing). */
export function holdsAt(bytes: Uint8Array, pos: number, expected: Uint8Array): boolean {
  if (pos + expected.length > bytes.length) return false;
  for (let i = 0; i < expected.length; i++) if (bytes[pos + i] !== expected[i]) return false;
  return true;
}
