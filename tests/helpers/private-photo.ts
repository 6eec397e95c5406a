import sharp from "sharp";

/**
 * Photos that carry what a phone or an editor writes into them about the
 * person and the place (issue 18), and a check that none of it is left in a
 * file. Every personal value contains one of PRIVATE_TEXTS, so that a search
 * of the bytes finds any copy of it that survived, wherever it sits.
 */
export const PRIVATE_TEXTS = ["Jane Customer", "Elm Street", "GPS-ELM-STREET", "ns.adobe.com/xap", "Photoshop 3.0"];

const XMP =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><dc:creator>Jane Customer</dc:creator>' +
  "<xmp:Label>12 Elm Street</xmp:Label></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>";

const latin1 = (text: string) => Buffer.from(text, "latin1");

/**
 * A `width`x`height` photo-like image (a gradient, so resizing shows) in
 * `format` with EXIF (Artist, ImageDescription, a GPS block whose map datum
 * names the street, the orientation), XMP and a Display P3 colour profile; a
 * JPEG also gets a comment, an IPTC block and a trailer after its end, a PNG a
 * text chunk, a GIF a comment and an XMP application block (sharp writes no
 * metadata into GIF).
 */
export async function privatePhoto(
  format: "jpeg" | "png" | "webp" | "avif" | "gif",
  { width = 640, height = 480, orientation = 1 }: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x * y) % 251;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Artist: "Jane Customer", ImageDescription: "At 12 Elm Street" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "42/1 57/1 3000/100", GPSLongitudeRef: "W", GPSLongitude: "85/1 40/1 1200/100", GPSMapDatum: "GPS-ELM-STREET" },
    })
    .withXmp(XMP)
    .withIccProfile("p3");
  const bytes = await image.toFormat(format, format === "jpeg" ? { quality: 90 } : {}).toBuffer();
  if (format === "jpeg") {
    const segment = (marker: number, payload: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
    const comment = segment(0xfe, latin1("Taken at 12 Elm Street"));
    const iptc = segment(0xed, latin1("Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x11\x1c\x02\x50\x00\x0dJane Customer\x00"));
    return Buffer.concat([bytes.subarray(0, 2), comment, iptc, bytes.subarray(2), latin1("trailer GPS-ELM-STREET")]);
  }
  if (format === "png") {
    const text = latin1("Comment\0Taken at 12 Elm Street");
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write("tEXt", 4, "latin1");
    text.copy(chunk, 8);
    const { crc32 } = await import("node:zlib");
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
    return Buffer.concat([bytes.subarray(0, 33), chunk, bytes.subarray(33)]); // after the signature and IHDR
  }
  if (format === "gif") return privateGif(bytes);
  return bytes;
}

/** A GIF with a comment and an XMP application block put in before its first frame. */
export function privateGif(bytes: Buffer): Buffer {
  const packed = bytes[10]!;
  const start = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const subBlocks = (data: Buffer) => {
    const blocks: Buffer[] = [];
    for (let i = 0; i < data.length; i += 255) {
      const part = data.subarray(i, i + 255);
      blocks.push(Buffer.from([part.length]), part);
    }
    return Buffer.concat([...blocks, Buffer.from([0])]);
  };
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks(latin1("Taken at 12 Elm Street"))]);
  const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), latin1("XMP DataXMP"), subBlocks(Buffer.from(XMP))]);
  return Buffer.concat([bytes.subarray(0, start), comment, xmp, bytes.subarray(start)]);
}

/** The tags of an EXIF block's first IFD (TIFF, either byte order; sharp's `exif` may start with "Exif\0\0"). */
export function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? exif.subarray(6) : exif;
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

/**
 * What personal metadata `bytes` still carries, as readable findings (empty:
 * none): EXIF other than the orientation, XMP, IPTC, text comments (as sharp
 * reads them), and any of PRIVATE_TEXTS anywhere in the bytes.
 */
export async function metadataLeft(bytes: Buffer): Promise<string[]> {
  const found: string[] = [];
  const metadata = await sharp(bytes).metadata();
  if (metadata.exif) {
    const tags = exifTags(metadata.exif).filter((t) => t !== 0x0112);
    if (tags.length) found.push(`EXIF tags ${tags.map((t) => `0x${t.toString(16)}`).join(", ")}`);
  }
  if (metadata.xmp) found.push("XMP");
  if (metadata.iptc) found.push("IPTC");
  if (metadata.comments?.length) found.push(`comments ${JSON.stringify(metadata.comments)}`);
  const text = bytes.toString("latin1");
  for (const marker of PRIVATE_TEXTS) if (text.includes(marker)) found.push(`"${marker}" in the bytes`);
  return found;
}

/** A photo as a phone takes it: 4000x3000, fine noise (so it weighs ~7.9 MB), GPS and the owner's name in its EXIF. */
export async function phonePhoto(width = 4000, height = 3000): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 75;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = noise();
      pixels[i] = (x * 204) / width + n;
      pixels[i + 1] = (y * 204) / height + n;
      pixels[i + 2] = ((x ^ y) & 63) + n;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Artist: "Jane Customer", Make: "Phone", Model: "Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "42/1 57/1 3000/100", GPSLongitudeRef: "W", GPSLongitude: "85/1 40/1 1200/100" },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
}
