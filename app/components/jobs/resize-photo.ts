import { BROWSER_PHOTO_MAX_BYTES, BROWSER_PHOTO_MAX_SIDE } from "~/lib/field-work";

/**
 * A photo brought down in the browser before it is sent (docs/decisions/0139):
 * at most BROWSER_PHOTO_MAX_SIDE pixels on its long side and about
 * BROWSER_PHOTO_MAX_BYTES, as a JPEG drawn on a canvas (upright: the
 * bitmap is decoded with its orientation; a canvas carries no metadata, so no
 * location either; the server takes out whatever is left anyway). A phone's
 * 12-megapixel photo of 4–8 MB becomes ~0.5 MB: minutes less on a weak signal.
 * A file the browser cannot decode (not an image, or a format it does not
 * read) is sent as it is: the server says what is wrong with it, or takes it.
 */
export async function resizedPhoto(file: File, maxSide = BROWSER_PHOTO_MAX_SIDE, maxBytes = BROWSER_PHOTO_MAX_BYTES): Promise<File> {
  if (!file.type.startsWith("image/") || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    if (longSide <= maxSide && file.size <= maxBytes && (file.type === "image/jpeg" || file.type === "image/webp")) return file;
    let scale = Math.min(1, maxSide / longSide);
    // Lower the quality first, then the size, until it fits (a few rounds at most).
    for (let round = 0; round < 6; round++) {
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (!context) return file;
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of [0.85, 0.75, 0.65]) {
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
        if (!blob) return file;
        if (blob.size <= maxBytes) return new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
      }
      scale *= 0.8;
    }
    return file;
  } finally {
    bitmap.close();
  }
}

/** "IMG_1234.HEIC" → "IMG_1234.jpg": what the server keeps as the photo's name. */
function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, "") || "photo";
  return `${stem}.jpg`;
}
