import type { ImageView } from "~/lib/images";
import { uploadName } from "~/lib/images";
import { badRequest } from "./app-error.server";
import type { DB } from "./db.server";
import { imageViews } from "./images.server";
import type { WriteCheck, WriteRefusal } from "./tables/table-def.server";

/** The gallery's kinds of work: the URL's ?kind= filter and the table's enum. */
export const GALLERY_KINDS = ["car", "boat"] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

export const CONSENT_REQUIRED = "A pair can be published only with the customer's consent";
const PHOTO_FIELDS = { before_image: "Before Photo", after_image: "After Photo" } as const;

/**
 * The gallery table's own rules (TableDef.checkWrite): each photo is an image
 * uploaded here (so it has its resized copies and its size), and a pair is
 * published only with the customer's consent (also a CHECK in the database).
 */
export async function checkGalleryWrite(db: DB, check: WriteCheck): Promise<WriteRefusal | undefined> {
  if (check.action === "delete") return undefined;
  const { values } = check;
  for (const [field, title] of Object.entries(PHOTO_FIELDS)) {
    const url = values[field];
    if (typeof url !== "string" || !url) continue;
    const name = uploadName(url);
    const known = name && (await db.selectFrom("images").select("name").where("name", "=", name).executeTakeFirst());
    if (!known) {
      const message = `${title} must be a photo uploaded here (JPEG, PNG, WebP, AVIF or GIF)`;
      throw badRequest(message, { [field]: message });
    }
  }
  let { published, customer_consent: consent } = values;
  if (check.action === "update" && (published === undefined || consent === undefined)) {
    const row = await db.selectFrom("gallery").select(["published", "customer_consent"]).where("id", "=", check.id).executeTakeFirst();
    published ??= row?.published;
    consent ??= row?.customer_consent;
  }
  if (published === true && consent !== true) return { error: CONSENT_REQUIRED, field: "published" };
  return undefined;
}

export interface GalleryPair {
  id: number;
  caption: string;
  service: string;
  kind: GalleryKind;
  before: ImageView;
  after: ImageView;
}

/** Published pairs, in the owner's order (then newest first), of one kind or all; at most `limit`. */
export async function listPublishedPairs(db: DB, { kind, limit }: { kind?: GalleryKind; limit?: number } = {}): Promise<GalleryPair[]> {
  let query = db
    .selectFrom("gallery")
    .select(["id", "caption", "service", "kind", "before_image", "after_image"])
    .where("published", "=", true)
    .where("customer_consent", "=", true)
    .orderBy("sort_order")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (kind) query = query.where("kind", "=", kind);
  if (limit) query = query.limit(limit);
  const rows = await query.execute();
  const views = await imageViews(db, rows.flatMap((r) => [r.before_image, r.after_image]));
  return rows.map((r) => ({
    id: r.id,
    caption: r.caption,
    service: r.service,
    kind: r.kind,
    before: views.get(r.before_image)!,
    after: views.get(r.after_image)!,
  }));
}
