import { FAQ_CATEGORIES } from "~/lib/faq-categories";
import type { SiteSettings } from "~/lib/site-settings";
import type { DB } from "./db.server";
import { renderMarkdown } from "./markdown.server";
import { fillPlaceholders } from "./placeholders.server";

export async function listTestimonials(db: DB) {
  return db
    .selectFrom("testimonials")
    .select(["id", "name", "text", "rating", "service", "image"])
    // An unpublished one (a customer's review awaiting the owner) is not shown.
    .where("published", "=", true)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

export type PublicTestimonial = Awaited<ReturnType<typeof listTestimonials>>[number];

export interface FaqGroup {
  category: string;
  items: { id: number; question: string; answerHtml: string }[];
}

/**
 * FAQs grouped by category, the five known categories first in their fixed
 * order, then any other category the owner typed (alphabetically). Answers are
 * markdown, rendered to sanitised HTML here so the browser needs no renderer,
 * with the settings' current values in place of {phone}, {email}… (placeholders.server.ts).
 */
export async function listFaqGroups(db: DB, settings: SiteSettings): Promise<FaqGroup[]> {
  const rows = await db
    .selectFrom("faqs")
    .select(["id", "question", "answer", "category"])
    .orderBy("category")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const groups = new Map<string, FaqGroup>();
  for (const row of rows) {
    const category = row.category.trim();
    let group = groups.get(category);
    if (!group) groups.set(category, (group = { category, items: [] }));
    group.items.push({ id: row.id, question: row.question, answerHtml: fillPlaceholders(renderMarkdown(row.answer), settings) });
  }
  const rank = (category: string) => {
    const i = (FAQ_CATEGORIES as readonly string[]).indexOf(category);
    return i === -1 ? FAQ_CATEGORIES.length : i;
  };
  return [...groups.values()].sort((a, b) => rank(a.category) - rank(b.category) || a.category.localeCompare(b.category));
}
