import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { wallClock } from "~/lib/time-zone";
import { openDatabase, type DB } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { migrations } from "../../db/migrations";
import { createTestDatabase } from "../helpers/database";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The notes transcript (quote_requests.notes: the grid, the API and the CSV
// export show it) stamps each note in BUSINESS_TIME_ZONE, which every
// connection the app opens carries (app/server/db.server.ts); transcripts
// stored in UTC before are rewritten by the migration. A zone other than the
// default, so that the stamps can only come from the setting.
const TIME_ZONE = "America/Los_Angeles";
const database = useTestDatabase({ BUSINESS_TIME_ZONE: TIME_ZONE });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const ADMIN = "owner@shine.example";

/** "2026-11-26 11:53 PST": the wall clock in `timeZone` at `at`, with the zone's short name then. */
function stamp(at: Date, timeZone = TIME_ZONE): string {
  const w = wallClock(at, timeZone);
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at).find((p) => p.type === "timeZoneName")!.value;
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute} ${name}`;
}
/** The old stamps, as the trigger wrote them before: the UTC wall clock and "UTC". */
const utcStamp = (at: Date) => `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;

let created = 0;
async function insertLead(on: DB = db()) {
  const n = ++created;
  return on
    .insertInto("quote_requests")
    .values({ name: `Zone Person ${n}`, email: `zone${n}@example.com`, phone: "6165550100", vehicle_type: "Car", message: "" })
    .returning("id")
    .executeTakeFirstOrThrow();
}
const notesOf = async (id: number, on: DB = db()) =>
  (await on.selectFrom("quote_requests").select("notes").where("id", "=", id).executeTakeFirstOrThrow()).notes;
const noteEvents = (id: number, on: DB = db()) =>
  on.selectFrom("lead_events").select(["created_at", "actor", "body"]).where("lead_id", "=", id).where("kind", "=", "note").orderBy("id").execute();

describe("a note's stamp", () => {
  it("is in BUSINESS_TIME_ZONE when the lead's page adds it, in the notes column that the API and the CSV export show", async () => {
    const cookie = await sessionCookieFor(db(), ADMIN, { admin: true });
    const lead = await insertLead();
    for (const note of ["Called, left a voicemail.", "Prefers Saturday mornings."]) {
      const res = await app.fetch(`/admin/leads/${lead.id}`, { method: "POST", body: new URLSearchParams({ intent: "note", note }), headers: { cookie } });
      expect(res.status).toBe(302);
    }
    const events = await noteEvents(lead.id);
    const transcript = events.map((e) => `[${stamp(e.created_at)}, ${ADMIN}] ${e.body}`).join("\n");
    expect(transcript).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d P[SD]T, owner@shine\.example\] Called, left a voicemail\.\n\[.* P[SD]T, /);
    expect(await notesOf(lead.id)).toBe(transcript);

    const row = await app.fetch(`/api/tables/quote_requests/${lead.id}`, { headers: { cookie } });
    expect(((await row.json()) as { notes: string }).notes).toBe(transcript);
    const csv = await (await app.fetch(`/api/tables/quote_requests/export?name_contains=${encodeURIComponent(`Zone Person ${created}`)}`, { headers: { cookie } })).text();
    expect(csv).toContain(`"${transcript}"`);
  });

  it("follows the zone the connection carries; without one, the session's own TimeZone; an unknown zone is named UTC", async () => {
    const lead = await insertLead();
    const note = (body: string, settings: Record<string, string>) =>
      db().transaction().execute(async (trx) => {
        for (const [name, value] of Object.entries(settings)) await sql`SELECT set_config(${name}, ${value}, true)`.execute(trx);
        await trx.insertInto("lead_events").values({ lead_id: lead.id, kind: "note", body }).execute();
      });
    await note("Another process's zone.", { "app.business_time_zone": "America/Denver" });
    await note("A psql session.", { "app.business_time_zone": "", TimeZone: "America/Chicago" });
    await note("A zone PostgreSQL does not know.", { "app.business_time_zone": "Mars/Olympus_Mons" });
    const [denver, chicago, unknown] = await noteEvents(lead.id);
    expect((await notesOf(lead.id)).split("\n")).toEqual([
      `[${stamp(denver!.created_at, "America/Denver")}] Another process's zone.`,
      `[${stamp(chicago!.created_at, "America/Chicago")}] A psql session.`,
      `[${utcStamp(unknown!.created_at)}] A zone PostgreSQL does not know.`,
    ]);
    expect(await notesOf(lead.id)).toMatch(/M[SD]T\] Another[^]*C[SD]T\] A psql/);
    // The session's TimeZone is untouched by the stamping.
    expect((await sql<{ zone: string }>`SELECT current_setting('TimeZone') AS zone`.execute(db())).rows[0]!.zone).not.toBe("America/Chicago");
  });
});

describe("the migration to business-time stamps", () => {
  const BEFORE = "2026-11-24-05-shared-secret";
  const THIS = "2026-11-27-01-notes-in-business-time";

  it("rewrites the stored UTC stamps of every lead's notes, in the trash too, and leaves other lines as they were", { timeout: 60_000 }, async () => {
    expect(Object.keys(migrations)).toContain(THIS);
    const testDb = await createTestDatabase({ empty: true });
    const opened = openDatabase({ url: testDb.url, dataDir: mkdtempSync(path.join(tmpdir(), "notes-zone-")), timeZone: TIME_ZONE });
    const old = opened.db;
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      // Notes as the old trigger wrote them: a lead with a free-text note from before the inbox and two dated notes...
      const kept = await insertLead(old);
      await old.updateTable("quote_requests").set({ notes: "Gate code 4411.\n[not a stamp] keep me" }).where("id", "=", kept.id).execute();
      await old.insertInto("lead_events").values({ lead_id: kept.id, kind: "note", body: "Line one\nLine two", actor: ADMIN }).execute();
      await old.insertInto("lead_events").values({ lead_id: kept.id, kind: "note", body: "No author." }).execute();
      // ...and one in the trash.
      const trashed = await insertLead(old);
      await old.insertInto("lead_events").values({ lead_id: trashed.id, kind: "note", body: "Trashed note.", actor: ADMIN }).execute();
      const [k1, k2] = await noteEvents(kept.id, old);
      const [t1] = await noteEvents(trashed.id, old);
      expect(await notesOf(kept.id, old)).toBe(`Gate code 4411.\n[not a stamp] keep me\n[${utcStamp(k1!.created_at)}, ${ADMIN}] Line one\nLine two\n[${utcStamp(k2!.created_at)}] No author.`);
      // Trashed as the code of that schema did: the row and its events whole as JSON (today's moveToTrash also reads tables added since).
      await old.transaction().execute(async (trx) => {
        await sql`INSERT INTO trash (table_name, row_id, row_data, dependents, deleted_by)
          SELECT 'quote_requests', id, to_jsonb(q),
            jsonb_build_object('lead_events', (SELECT jsonb_agg(to_jsonb(e) ORDER BY e.id) FROM lead_events e WHERE e.lead_id = q.id)), ${ADMIN}
          FROM quote_requests q WHERE id = ${trashed.id}`.execute(trx);
        await trx.deleteFrom("quote_requests").where("id", "=", trashed.id).execute();
      });

      expect(await migrateToLatest(old)).toContain(THIS);
      const restamped = `Gate code 4411.\n[not a stamp] keep me\n[${stamp(k1!.created_at)}, ${ADMIN}] Line one\nLine two\n[${stamp(k2!.created_at)}] No author.`;
      expect(await notesOf(kept.id, old)).toBe(restamped);
      const inTrash = await sql<{ notes: string }>`SELECT row_data->>'notes' AS notes FROM trash WHERE row_id = ${trashed.id}`.execute(old);
      expect(inTrash.rows[0]!.notes).toBe(`[${stamp(t1!.created_at)}, ${ADMIN}] Trashed note.`);
      // A note added now continues the transcript in the same zone.
      await old.insertInto("lead_events").values({ lead_id: kept.id, kind: "note", body: "After.", actor: ADMIN }).execute();
      const [, , k3] = await noteEvents(kept.id, old);
      expect(await notesOf(kept.id, old)).toBe(`${restamped}\n[${stamp(k3!.created_at)}, ${ADMIN}] After.`);

      // Down again: the stamps go back to UTC.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await notesOf(kept.id, old)).split("\n").slice(-1)).toEqual([`[${utcStamp(k3!.created_at)}, ${ADMIN}] After.`]);
    } finally {
      await opened.close();
      await testDb.drop();
    }
  });
});
