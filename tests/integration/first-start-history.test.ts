import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { FIRST_START_ACTOR } from "~/lib/row-history";
import { getTable } from "~/server/tables/registry.server";
import { rowHistory } from "~/server/tables/history.server";
import { up as markFirstStartHistory } from "../../db/migrations/2026-11-27-03-first-start-history";
import { seedContent } from "../../db/seed";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Who the row history names for the content the first start seeds (issue 17):
// the first start itself, both for a database seeded now and for one seeded
// before the seeding said so (the migration); a write that names no one stays unknown.
const database = useTestDatabase();
const db = () => database.db;

async function actorsOf(table: string, ids: number[]): Promise<string[]> {
  const { rows } = await sql<{ actor: string }>`SELECT actor FROM row_history
    WHERE table_name = ${table} AND row_id = ANY(${ids}::bigint[]) ORDER BY id`.execute(db());
  return rows.map((r) => r.actor);
}
const idsOf = async (table: "faqs" | "testimonials" | "services") =>
  (await db().selectFrom(table).select("id").execute()).map((r) => r.id);

/** A faq written by hand in SQL, naming no one. */
async function faqByHand(question: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO faqs (question, answer, category)
    VALUES (${question}, 'By hand.', 'General Questions') RETURNING id`.execute(db());
  return Number(rows[0]!.id);
}

describe("the first start's seeding", () => {
  beforeAll(() => seedContent(db()));

  it("records its rows as created by the first start, in every seeded table", async () => {
    for (const table of ["faqs", "testimonials", "services"] as const) {
      const ids = await idsOf(table);
      expect(ids.length, table).toBeGreaterThan(0);
      expect(new Set(await actorsOf(table, ids)), table).toEqual(new Set([FIRST_START_ACTOR]));
    }
    const [faq] = await idsOf("faqs");
    const [entry] = await rowHistory(db(), getTable("faqs")!, faq!);
    expect(entry).toMatchObject({ op: "create", actor: FIRST_START_ACTOR });
  });

  it("leaves a write that names no one unknown", async () => {
    const id = await faqByHand("Written by hand?");
    expect(await actorsOf("faqs", [id])).toEqual([""]);
  });
});

describe("migration 2026-11-27-03 on a database seeded before", () => {
  it("gives the seed's recorded creates the first start as actor, and nothing else", async () => {
    // As the seeding did before: claim and insert in one transaction, naming no one.
    const seeded = await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("seeds").values({ name: "earlier-seed-for-test" }).execute();
        const rows = await trx
          .insertInto("faqs")
          .values([1, 2].map((n) => ({ question: `Seeded earlier ${n}?`, answer: "Yes.", category: "General Questions" as const })))
          .returning("id")
          .execute();
        return rows.map((r) => r.id);
      });
    const byHand = await faqByHand("Also by hand?");
    // An edit by hand of a seeded row is not the first start's either.
    await sql`UPDATE faqs SET answer = 'Changed by hand.' WHERE id = ${seeded[0]}`.execute(db());
    expect(await actorsOf("faqs", [...seeded, byHand])).toEqual(["", "", "", ""]);

    await markFirstStartHistory(db());

    expect(await actorsOf("faqs", seeded)).toEqual([FIRST_START_ACTOR, FIRST_START_ACTOR, ""]);
    expect(await actorsOf("faqs", [byHand])).toEqual([""]);
  });
});
