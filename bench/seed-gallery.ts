import sharp from "sharp";
import type { AppServer } from "../tests/helpers/app-server";

/**
 * Published before/after pairs made as the owner makes them (upload, then a
 * row in the gallery table), so that the pages measured show real photos:
 * a new database has none. `cookie` is an administrator's session.
 */
export async function seedGalleryPairs(app: AppServer, cookie: string, count: number): Promise<void> {
  const upload = async (bright: boolean): Promise<string> => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await photo(bright))], { type: "image/jpeg" }), bright ? "after.jpg" : "before.jpg");
    const res = await app.fetch("/api/upload/image", { method: "POST", body: form, headers: { cookie } });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { media_url: string }).media_url;
  };
  const [before, after] = [await upload(false), await upload(true)];
  for (let i = 0; i < count; i++) {
    const kind = i % 2 ? "boat" : "car";
    const row = {
      before_image: before,
      after_image: after,
      caption: `${kind === "car" ? "Sedan paint correction" : "Pontoon gel coat"} ${i + 1}`,
      kind,
      service: kind === "car" ? "Paint Correction" : "Oxidation Removal",
      customer_consent: true,
      published: true,
      sort_order: i,
    };
    const res = await app.fetch("/api/tables/gallery", {
      method: "POST",
      body: JSON.stringify(row),
      headers: { cookie, "content-type": "application/json" },
    });
    if (res.status !== 201) throw new Error(`gallery row answered ${res.status}: ${await res.text()}`);
  }
}

/** A photo-sized JPEG (1600×1200) with some texture, dull for "before", bright for "after". */
async function photo(bright: boolean): Promise<Buffer> {
  const [width, height] = [1600, 1200];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      // Stripes and a gradient: compresses like a photo rather than a flat fill.
      const shade = Math.round((x / width) * 80 + ((x * 7 + y * 13) % 23));
      pixels[i] = bright ? 30 + shade : 90 + shade / 4;
      pixels[i + 1] = bright ? 120 + shade : 85 + shade / 4;
      pixels[i + 2] = bright ? 220 : 80;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}
