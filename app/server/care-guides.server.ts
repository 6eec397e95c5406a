import { sql } from "kysely";
import type { SiteSettings } from "~/lib/site-settings";
import type { DB } from "./db.server";
import { fillPlaceholders } from "./placeholders.server";

/**
 * The published care guides the public pages show (/care-guides and
 * /care-guides/{slug}). A guide's body is sanitised HTML: the dashboard
 * stores it through sanitizeRichText (app/server/rich-text.server.ts), and it
 * is rendered as it is, with the settings' current values in place of
 * {phone}, {email}… (placeholders.server.ts).
 */

export interface CareGuideSummary {
  slug: string;
  title: string;
  summary: string;
  cover: string;
}

export interface CareGuide extends CareGuideSummary {
  body: string;
  pdf: string;
  productUrl: string;
  contactEmail: string;
  /** YYYY-MM-DD, or null when never reviewed. */
  reviewedOn: string | null;
  /** ISO 8601. */
  updatedAt: string;
}

/** Lowercase a-z, 0-9 and single hyphens, 3 to 80 characters: what the slug column's check allows. */
export const CARE_GUIDE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isCareGuideSlug(value: string): boolean {
  return value.length >= 3 && value.length <= 80 && CARE_GUIDE_SLUG.test(value);
}

/** One page of the published guides, in the owner's order, and how many are published in all. */
export async function listPublishedCareGuides(
  db: DB,
  { page, limit }: { page: number; limit: number },
): Promise<{ guides: CareGuideSummary[]; total: number }> {
  const published = db.selectFrom("care_guides").where("published", "=", true);
  const [guides, count] = await Promise.all([
    published
      .select(["slug", "title", "summary", "cover"])
      .orderBy("sort_order")
      .orderBy("id")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    published.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { guides, total: Number(count.total) };
}

/** The published guide with this slug, or undefined (unknown, malformed or unpublished). */
export async function getPublishedCareGuide(db: DB, slug: string, settings: SiteSettings): Promise<CareGuide | undefined> {
  if (!isCareGuideSlug(slug)) return undefined;
  const row = await db
    .selectFrom("care_guides")
    .select([
      "slug",
      "title",
      "summary",
      "cover",
      "body",
      "pdf",
      "product_web_url",
      "contact_email",
      // As text: a DATE read as a JS Date would shift with the server's time zone.
      sql<string | null>`reviewed_on::text`.as("reviewed_on"),
      "updated_at",
    ])
    .where("slug", "=", slug)
    .where("published", "=", true)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    body: fillPlaceholders(row.body, settings),
    pdf: row.pdf,
    productUrl: row.product_web_url,
    contactEmail: row.contact_email,
    reviewedOn: row.reviewed_on,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Published guides' addresses and last changes, for the sitemap. */
export async function listCareGuideSitemapEntries(db: DB): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db
    .selectFrom("care_guides")
    .select(["slug", "updated_at"])
    .where("published", "=", true)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
}
