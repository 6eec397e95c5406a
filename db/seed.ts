import type { Kysely } from "kysely";
import { faqs, testimonials } from "./seed-content";
import type { Database } from "./types";

/**
 * First-start content. Each seed runs once in the life of a database (recorded
 * in `seeds`), so a restart never duplicates rows and content the owner has
 * deleted does not come back.
 */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("seeds")
      .values({ name: "public-content-v1" })
      .onConflict((oc) => oc.column("name").doNothing())
      .returning("name")
      .executeTakeFirst();
    if (!claimed) return;
    await trx
      .insertInto("testimonials")
      .values(testimonials.map((t, i) => ({ ...t, sort_order: i })))
      .execute();
    // sort_order counts within each category: the page orders by category, then it.
    const positions = new Map<string, number>();
    await trx
      .insertInto("faqs")
      .values(
        faqs.map((f) => {
          const sort_order = positions.get(f.category) ?? 0;
          positions.set(f.category, sort_order + 1);
          return { ...f, sort_order };
        }),
      )
      .execute();
  });
}
