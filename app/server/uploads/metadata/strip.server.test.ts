import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { metadataLeft, PRIVATE_TEXTS, privateGif, privatePhoto } from "../../../../tests/helpers/private-photo";
import { withoutMetadata } from "./strip.server";

const pixelsOf = async (bytes: Uint8Array) => (await sharp(bytes).raw().toBuffer({ resolveWithObject: true })).data;
const latin1 = (text: string) => Buffer.from(text, "latin1");
/** The cleaned file, joined from its parts. */
const cleaned = async (...args: Parameters<typeof withoutMetadata>) => Buffer.concat((await withoutMetadata(...args))!);

describe("withoutMetadata", () => {
  for (const [format, ext] of [
    ["jpeg", "jpg"],
    ["png", "png"],
    ["webp", "webp"],
    ["gif", "gif"],
  ] as const) {
    it(`takes EXIF, GPS, XMP, IPTC and comments out of a ${format} without touching its pixels, keeping the orientation and the colour profile`, async () => {
      const photo = await privatePhoto(format, { orientation: format === "gif" ? 1 : 6 });
      expect((await metadataLeft(photo)).length, "the sample carries metadata").toBeGreaterThan(0);
      const before = await sharp(photo).metadata();
      const sent = Buffer.from(photo);
      const clean = await cleaned(photo, ext, before.orientation);
      expect(photo.equals(sent), "the bytes given are left as they were").toBe(true);
      expect(await metadataLeft(clean)).toEqual([]);
      const after = await sharp(clean).metadata();
      expect([after.format, after.width, after.height, after.orientation]).toEqual([before.format, before.width, before.height, before.orientation]);
      if (format !== "gif") expect(after.icc, "the colour profile stays").toEqual(before.icc);
      expect((await pixelsOf(clean)).equals(await pixelsOf(photo)), "the very same pixels").toBe(true);
      // Cleaning it again changes nothing (the start-up job may see a file twice).
      const again = await withoutMetadata(clean, ext, after.orientation);
      expect(again?.length).toBe(1);
      expect(again?.[0]).toBe(clean);
    });
  }

  it("returns a file that has nothing to take out as it is: the same bytes, in one part", async () => {
    const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6f97" } }).jpeg().toBuffer();
    for (const [format, ext] of [["jpeg", "jpg"], ["png", "png"], ["webp", "webp"], ["gif", "gif"]] as const) {
      const bytes = await sharp(plain).toFormat(format).toBuffer();
      const parts = await withoutMetadata(bytes, ext, 1);
      expect(parts?.length, format).toBe(1);
      expect(parts?.[0], format).toBe(bytes);
    }
  });

  it("keeps a file cut short as it is when what is missing is image data, never the metadata", async () => {
    // As the upload tests send them: a signature and the start of the first block.
    for (const [ext, sample] of [
      ["png", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), latin1("\0\0\0\rIHDR")])],
      ["jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), latin1("\0\x10JFIF\0")])],
      ["gif", latin1("GIF89a\x01\0\x01\0")],
      ["webp", latin1("RIFF\x24\0\0\0WEBPVP8 ")],
    ] as const) {
      expect(await cleaned(sample, ext, undefined), ext).toEqual(sample);
    }
    // A JPEG cut off inside its EXIF block loses the block.
    const photo = await privatePhoto("jpeg");
    const exifAt = photo.indexOf(latin1("Exif\0\0"));
    const cut = photo.subarray(0, exifAt + 40);
    expect((await cleaned(cut, "jpg", undefined)).toString("latin1")).not.toContain("Exif");
  });

  it("drops a JPEG's appended data and a thumbnail in its JFIF header", async () => {
    const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6f97" } }).jpeg().toBuffer();
    // A JFIF header with a 1x1 RGB thumbnail, then an appended "preview" after the end of the image.
    const jfif = Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x13]), latin1("JFIF\0\x01\x01\0\0\x01\0\x01\x01\x01"), Buffer.from([1, 2, 3])]);
    const rest = plain.subarray(2); // sharp writes no JFIF header of its own
    const bytes = Buffer.concat([plain.subarray(0, 2), jfif, rest, latin1("\xff\xd8 a second picture with GPS-ELM-STREET")]);
    const clean = await cleaned(bytes, "jpg", 1);
    expect(clean.subarray(2, 20)).toEqual(Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), latin1("JFIF\0\x01\x01\0\0\x01\0\x01\0\0")]));
    expect(clean.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect((await pixelsOf(clean)).equals(await pixelsOf(plain))).toBe(true);
  });

  it("keeps an animated GIF's frames and loop, and an animated WebP's", async () => {
    // Two 30x30 frames, red then blue.
    const pixels = Buffer.alloc(30 * 60 * 4);
    for (let i = 0; i < 30 * 60; i++) pixels.set(i < 900 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
    const frames = () => sharp(pixels, { raw: { width: 30, height: 60, channels: 4, pageHeight: 30 } });
    for (const [format, ext] of [["gif", "gif"], ["webp", "webp"]] as const) {
      const tagged =
        format === "gif"
          ? await privateGif(await frames().gif({ loop: 3, delay: [100, 200] }).toBuffer())
          : await frames().withExif({ IFD0: { Artist: "Jane Customer" } }).withXmp("<x>12 Elm Street</x>").webp({ loop: 3, delay: [100, 200] }).toBuffer();
      const clean = await cleaned(tagged, ext, undefined);
      const [a, b] = [await sharp(tagged).metadata(), await sharp(clean).metadata()];
      expect([b.pages, b.loop, b.delay], format).toEqual([a.pages, a.loop, a.delay]);
      expect(b.pages, format).toBe(2);
      const text = clean.toString("latin1");
      for (const marker of PRIVATE_TEXTS) expect(text).not.toContain(marker);
    }
  });

  it("encodes an AVIF again, upright and with its colour profile, without its metadata", async () => {
    const photo = await privatePhoto("avif", { width: 64, height: 48 });
    const clean = await cleaned(photo, "avif", undefined);
    expect(await metadataLeft(clean)).toEqual([]);
    const after = await sharp(clean).metadata();
    expect([after.format, after.width, after.height]).toEqual(["heif", 64, 48]);
    expect(after.icc).toBeDefined();
  });
});
