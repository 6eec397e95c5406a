import type { Kysely } from "kysely";
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
    // Content is added by the public-site work.
  });
}
