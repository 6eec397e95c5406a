import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csvLine, parseCsv, UTF8_BOM } from "~/lib/csv";
import { IMPORT_MAX_ROWS } from "~/server/tables/import.server";
import { seedContent } from "../../db/seed";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// CSV import (issue 11, item 7): adds rows, updates them by id, checks each
// line like the form, all or nothing, reports problems by line and column.
const database = useTestDatabase();
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const OWNER = "owner@example.com";
let admin: string;
beforeAll(async () => {
  admin = await sessionCookieFor(db(), OWNER, { admin: true });
});
beforeEach(async () => {
  await db().deleteFrom("faqs").execute();
});

interface Report {
  created?: number;
  updated?: number;
  error?: string;
  problems?: { line: number; column?: string; message: string }[];
}

/** POST /api/tables/{table}/import with a text/csv body. */
async function importApi(table: string, csv: string | Uint8Array<ArrayBuffer>): Promise<{ status: number; body: Report }> {
  const res = await app.fetch(`/api/tables/${table}/import`, {
    method: "POST",
    body: csv,
    headers: { cookie: admin, "content-type": "text/csv; charset=utf-8" },
  });
  return { status: res.status, body: (await res.json()) as Report };
}

/** The dashboard's form: a multipart POST to /admin/{table}/import. */
async function importPage(table: string, csv: string, filename = "rows.csv") {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), filename);
  const res = await app.fetch(`/admin/${table}/import`, { method: "POST", body: form, headers: { cookie: admin } });
  return { status: res.status, body: (await res.json()) as Report & { ok: boolean } };
}

async function exportCsv(table: string, search = "sort=id:asc"): Promise<string> {
  const res = await app.fetch(`/api/tables/${table}/export?${search}`, { headers: { cookie: admin } });
  expect(res.status).toBe(200);
  // As a spreadsheet program gets it, byte order mark included (Response.text() would drop it).
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  return text;
}

const faqs = () => db().selectFrom("faqs").select(["id", "question", "answer", "category", "sort_order"]).orderBy("id").execute();

describe("CSV import", () => {
  it("adds rows from a spreadsheet's file: BOM, CRLF, quoted fields, blank lines", async () => {
    const csv =
      `${UTF8_BOM}question,answer,category,sort_order\r\n` +
      `"Do you come to me?","Yes, we are mobile: ""we come to you"".\nAnywhere in Grand Rapids.",General Questions,1\r\n` +
      "\r\n" +
      `How long does it take?,About 3 hours,Car Detailing,2\r\n` +
      `Zoë's boat?,Ünïcode ✓ is fine,Boat Detailing,\r\n`;
    const { status, body } = await importApi("faqs", csv);
    expect(body).toEqual({ created: 3, updated: 0 });
    expect(status).toBe(200);
    expect((await faqs()).map(({ id: _, ...r }) => r)).toEqual([
      { question: "Do you come to me?", answer: 'Yes, we are mobile: "we come to you".\nAnywhere in Grand Rapids.', category: "General Questions", sort_order: 1 },
      { question: "How long does it take?", answer: "About 3 hours", category: "Car Detailing", sort_order: 2 },
      // An empty cell takes the column's default, as an empty form field does.
      { question: "Zoë's boat?", answer: "Ünïcode ✓ is fine", category: "Boat Detailing", sort_order: 0 },
    ]);
  });

  it("reports every invalid line by line and column, and imports nothing", async () => {
    const csv = [
      "question,answer,category,sort_order",
      "A good question,An answer,General Questions,1", // line 2: fine
      ",An answer,General Questions,2", // line 3: no question
      "Another,Answer,Weather,abc", // line 4: not a category, not a number
      "Fine again,Answer,General Questions,-1", // line 5: below the minimum
    ].join("\n");
    const { status, body } = await importApi("faqs", csv);
    expect(status).toBe(400);
    expect(body.error).toBe("Nothing was imported: the file has problems");
    expect(body.problems).toEqual([
      { line: 3, column: "question", message: "Question is required" },
      { line: 4, column: "category", message: "Category must be one of the valid options" },
      { line: 4, column: "sort_order", message: "Sort Order must be a integer" },
      { line: 5, column: "sort_order", message: "Sort Order cannot be less than 0" },
    ]);
    // All or nothing: line 2 was valid and is not stored either.
    expect(await faqs()).toEqual([]);
  });

  it("names the line of a refusal by the database or the table's rules, and rolls back the lines before it", async () => {
    const csv = csvLine(["email", "name"]) + csvLine(["new.one@example.com", "New One"]) + csvLine(["NEW.ONE@example.com", "Twice"]);
    const { status, body } = await importApi("users", csv);
    expect(status).toBe(400);
    expect(body.problems).toEqual([{ line: 3, column: "email", message: "Email is already in use" }]);
    expect(await db().selectFrom("users").select("email").where("email", "=", "new.one@example.com").execute()).toEqual([]);
    // Roles are read-only in the table (issue 34: they change on the staff page), so a file cannot make anyone an owner.
    const made = await importApi("users", csvLine(["email", "role"]) + csvLine(["would.be.owner@example.com", "owner"]));
    expect(made.status).toBe(200);
    expect(await db().selectFrom("users").select("role").where("email", "=", "would.be.owner@example.com").executeTakeFirstOrThrow()).toEqual({ role: null });
  });

  it("updates the rows whose id matches and adds the lines without one, recorded as the administrator", async () => {
    const [a, b] = await db()
      .insertInto("faqs")
      .values([
        { question: "Old question A", answer: "Old A", category: "General Questions", sort_order: 1 },
        { question: "Old question B", answer: "Old B", category: "General Questions", sort_order: 2 },
      ])
      .returning("id")
      .execute();
    // Only the columns the file has are written: B keeps its sort order.
    const csv = csvLine(["id", "question", "answer"]) + csvLine([b!.id, "New question B", "New B"]) + csvLine(["", "Added", "Added answer"]);
    const missingCategory = await importApi("faqs", csv);
    // Adding a row needs every required column without a default.
    expect(missingCategory.status).toBe(400);
    expect(missingCategory.body.problems).toEqual([{ line: 1, column: "category", message: 'The column "category" (Category) is needed to add rows' }]);

    const { status, body } = await importApi("faqs", csvLine(["id", "question", "answer"]) + csvLine([b!.id, "New question B", "New B"]));
    expect(status).toBe(200);
    expect(body).toEqual({ created: 0, updated: 1 });
    expect(await faqs()).toEqual([
      { id: a!.id, question: "Old question A", answer: "Old A", category: "General Questions", sort_order: 1 },
      { id: b!.id, question: "New question B", answer: "New B", category: "General Questions", sort_order: 2 },
    ]);
    // Recorded in the history like an edit in the dashboard, naming who imported.
    const history = await sql<{ op: string; actor: string }>`SELECT op, actor FROM row_history
      WHERE table_name = 'faqs' AND row_id = ${b!.id} ORDER BY id`.execute(db());
    expect(history.rows.at(-1)).toEqual({ op: "update", actor: OWNER });

    const unknown = await importApi("faqs", csvLine(["id", "question"]) + csvLine([999_999, "Nobody"]) + csvLine(["x1", "Bad id"]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.problems).toEqual([{ line: 3, column: "id", message: "The id must be a whole number, or empty to add a row" }]);
    const missing = await importApi("faqs", csvLine(["id", "question"]) + csvLine([999_999, "Nobody"]));
    expect(missing.body.problems).toEqual([{ line: 2, column: "id", message: "No row has the id 999999 (leave id empty to add a row)" }]);
  });

  it("imports an exported file back unchanged (round trip), formulas neutralised on the way out", async () => {
    const values = [
      { question: '=HYPERLINK("http://evil","x")', answer: "-5 is a number\r\nand a line, with commas", category: "General Questions", sort_order: 3 },
      { question: "+1 (616) 555-0100?", answer: '@mention "quoted"', category: "Car Detailing", sort_order: 0 },
      { question: "Zoë Ünïcode ✓", answer: "\ttab first", category: "Boat Detailing", sort_order: 100000 },
    ];
    await db().insertInto("faqs").values(values).execute();
    const before = await faqs();
    const exported = await exportCsv("faqs");
    expect(exported).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);

    // Unchanged: every line holds what its row holds, so nothing is updated.
    const same = await importApi("faqs", exported);
    expect(same.body).toEqual({ created: 0, updated: 0 });
    expect(await faqs()).toEqual(before);

    // As new rows (the id column emptied, as when copying to another site): the same values again.
    const withoutIds = exported.replace(/^(\uFEFF?id,.*\r\n)/, "$1").replace(/\r\n\d+,/g, "\r\n,");
    const copied = await importApi("faqs", withoutIds);
    expect(copied.body).toEqual({ created: 3, updated: 0 });
    const after = await faqs();
    expect(after.slice(3).map(({ id: _, ...r }) => r)).toEqual(before.map(({ id: _, ...r }) => r));
  });

  it("re-imports an unchanged export of each seeded table as 0 updated, writing nothing; a changed cell updates its row only", async () => {
    await seedContent(db());
    const history = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM row_history`.execute(db())).rows[0]!.n;
    for (const table of ["services", "care_guides", "testimonials", "faqs"]) {
      const rows = async () => (await sql`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(db())).rows;
      const before = await rows();
      expect(before.length, table).toBeGreaterThan(0);
      const entries = await history();
      const exported = await exportCsv(table);

      const same = await importApi(table, exported);
      expect(same, table).toEqual({ status: 200, body: { created: 0, updated: 0 } });
      // Not written at all: updated_at kept, no history entry.
      expect(await rows(), table).toEqual(before);
      expect(await history(), table).toBe(entries);
    }

    const parsed = parseCsv(await exportCsv("services"), 1000);
    if (!parsed.ok) throw new Error(parsed.error);
    const [header, first, ...rest] = parsed.records.map((r) => r.cells);
    const sortOrder = header!.indexOf("sort_order");
    first![sortOrder] = String(Number(first![sortOrder]) + 7);
    const changed = await importApi("services", [header!, first!, ...rest].map((cells) => csvLine(cells)).join(""));
    expect(changed.body).toEqual({ created: 0, updated: 1 });
  });

  it("refuses two lines for the same id, naming both lines", async () => {
    const [a] = await db()
      .insertInto("faqs")
      .values({ question: "Kept?", answer: "Kept.", category: "General Questions", sort_order: 1 })
      .returning("id")
      .execute();
    const csv =
      csvLine(["id", "question"]) +
      csvLine([a!.id, "First edit"]) +
      csvLine([999_999, "Another row"]) +
      csvLine([`00${a!.id}`, "Second edit, the same row"]);
    const { status, body } = await importApi("faqs", csv);
    expect(status).toBe(400);
    expect(body.problems).toEqual([
      { line: 4, column: "id", message: `The id ${a!.id} is also on line 2: a row can be updated by one line only` },
    ]);
    expect((await faqs()).map((r) => r.question)).toEqual(["Kept?"]);
  });

  it("works through the dashboard's form (multipart) with the same report", async () => {
    const bad = await importPage("faqs", "question,answer,category\nFine,Fine,General Questions\nX,,General Questions\n");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, problems: [{ line: 3, column: "answer", message: "Answer is required" }] });
    const good = await importPage("faqs", "question,answer,category\nFine,Fine,General Questions\n");
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ ok: true, created: 1, updated: 0 });
    // A read-only table has no import page; the API refuses it.
    const page = await app.fetch("/admin/auth_audit/import", { headers: { cookie: admin } });
    expect(page.status).toBe(404);
    expect((await importApi("auth_audit", "event\nx\n")).status).toBe(405);
  });

  it("refuses files it cannot read with a clear message", async () => {
    const cases: [string | Uint8Array<ArrayBuffer>, number, Report][] = [
      ["question,answer,nope,category\nQ,A,x,General Questions\n", 400, { problems: [{ line: 1, column: "nope", message: expect.stringMatching(/^Unknown column "nope"\. The columns are: id, question/) }] } as Report],
      ["question,question,answer,category\nA,B,C,General Questions\n", 400, { problems: [{ line: 1, column: "question", message: 'The column "question" is named twice' }] }],
      ["question,answer,category\n", 400, { problems: [{ line: 2, message: "The file has a header but no rows to import" }] }],
      ["question,answer,category\nQ,A\n", 400, { problems: [{ line: 2, message: "This line has 2 fields; the header has 3" }] }],
      ['question,answer,category\n"Q,A,General Questions\n', 400, { problems: [{ line: 2, message: "A quoted field that starts on line 2 is never closed" }] }],
      [new Uint8Array([0x71, 0x0a, 0xe9, 0x0a]), 400, { error: 'The file is not UTF-8 text. In a spreadsheet, save it as "CSV UTF-8"' }],
      ["", 400, { error: "The file is empty" }],
    ];
    for (const [csv, status, expected] of cases) {
      const res = await importApi("faqs", csv);
      expect(res.status, String(csv)).toBe(status);
      expect(res.body, String(csv)).toMatchObject(expected);
    }
    const tooMany = "question,answer,category\n" + "Q,A,General Questions\n".repeat(IMPORT_MAX_ROWS + 1);
    expect((await importApi("faqs", tooMany)).body.problems).toEqual([
      { line: IMPORT_MAX_ROWS + 2, message: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows; import it in parts` },
    ]);
    const tooLarge = await importApi("faqs", "question,answer,category\n" + `Q,${"a".repeat(1024 * 1024)},General Questions\n`);
    expect(tooLarge).toEqual({ status: 413, body: { error: "The file is larger than the limit of 1 MB" } });
    const form = await importPage("faqs", "question,answer,category\n" + `Q,${"a".repeat(1024 * 1024)},General Questions\n`);
    expect(form).toEqual({ status: 413, body: { ok: false, error: "The file is larger than the limit of 1 MB", problems: [], truncated: false } });
    expect(await faqs()).toEqual([]);
  });

  it("imports the largest file allowed in one transaction", { timeout: 120_000 }, async () => {
    const csv = "question,answer,category,sort_order\n" + Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `Question ${i},Answer ${i},General Questions,${i % 100}\n`).join("");
    const started = performance.now();
    const { status, body } = await importApi("faqs", csv);
    const ms = Math.round(performance.now() - started);
    console.log(`[csv-import] ${IMPORT_MAX_ROWS} rows in ${ms} ms`);
    expect(status).toBe(200);
    expect(body).toEqual({ created: IMPORT_MAX_ROWS, updated: 0 });
    expect((await faqs()).length).toBe(IMPORT_MAX_ROWS);
  });
});
