import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { isoInTimeZone, parseCsv, UTF8_BOM } from "~/lib/csv";
import { parseListQuery } from "~/lib/list-query";
import { exportCsv } from "~/server/tables/export.server";
import { requireTable, tableSchema } from "~/server/tables/registry.server";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// CSV for spreadsheets (issue 11, item 6): a byte order mark, and times as ISO
// 8601 in the business's time zone with its offset, the instant the grid shows.
const database = useTestDatabase({ BUSINESS_TIME_ZONE: undefined });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let admin: string;
beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
});

const quotes = requireTable("quote_requests");
const query = (search: string) => {
  const parsed = parseListQuery(tableSchema(quotes), new URLSearchParams(search), "api");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
};

/** The export's records, header first, from its bytes. */
async function records(stream: ReadableStream<Uint8Array> | Response): Promise<{ bytes: Uint8Array; rows: string[][] }> {
  const bytes = new Uint8Array(await new Response(stream instanceof Response ? stream.body : stream).arrayBuffer());
  const parsed = parseCsv(new TextDecoder().decode(bytes));
  if (!parsed.ok) throw new Error(parsed.error);
  return { bytes, rows: parsed.records.map((r) => r.cells) };
}

// Around the 2026 changes of daylight saving time in Detroit (March 8, November 1), a leap-year day, midnight.
const INSTANTS = [
  "2026-11-22 23:04:02.229+00",
  "2026-07-01 12:00:00+00",
  "2026-03-08 06:59:59.999+00",
  "2026-03-08 07:00:00+00",
  "2026-11-01 05:30:00+00",
  "2026-11-01 06:30:00+00",
  "2028-02-29 04:59:59.5+00",
  "2027-01-01 05:00:00+00",
];

describe("CSV export for spreadsheets", () => {
  beforeAll(async () => {
    await db()
      .insertInto("quote_requests")
      .values(INSTANTS.map((at, i) => ({ name: `Zoë ${i}`, email: "tz@example.com", phone: "6165550100", vehicle_type: "tz", created_at: at })))
      .execute();
  });

  it("starts with a UTF-8 byte order mark and writes times in America/Detroit by default", async () => {
    const res = await app.fetch("/api/tables/quote_requests/export?sort=id:asc", { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    const { bytes, rows } = await records(res);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...data] = rows;
    expect(header![0]).toBe("id"); // the reader skipped the mark: the first column is named as stored
    const at = header!.indexOf("created_at");
    expect(data.map((r) => r[at])).toEqual([
      "2026-11-22T18:04:02.229-05:00",
      "2026-07-01T08:00:00.000-04:00",
      "2026-03-08T01:59:59.999-05:00",
      "2026-03-08T03:00:00.000-04:00",
      "2026-11-01T01:30:00.000-04:00",
      "2026-11-01T01:30:00.000-05:00",
      "2028-02-28T23:59:59.500-05:00",
      "2027-01-01T00:00:00.000-05:00",
    ]);
    // The same instants as stored; a NULL time (no first response yet) is an empty cell.
    expect(data.map((r) => new Date(r[at]!).getTime())).toEqual(INSTANTS.map((s) => new Date(s.replace(" ", "T").replace("+00", "Z")).getTime()));
    expect(data.every((r) => r[header!.indexOf("first_response_at")] === "")).toBe(true);
    // Accents survive: the file is UTF-8 and says so.
    expect(data[0]![1]).toBe("Zoë 0");
  });

  it("computes in SQL exactly what isoInTimeZone writes, in any zone, on both export paths", async () => {
    await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, created_at, first_response_at)
      SELECT 'Gen ' || g, 'g@example.com', '6165550100', 'gen',
        timestamptz '2025-01-01 00:00:00+00' + (g * 7919 || ' minutes')::interval + (g * 37 % 1000 || ' milliseconds')::interval,
        CASE WHEN g % 3 = 0 THEN NULL ELSE timestamptz '1999-12-31 23:59:59.999+00' + (g || ' days')::interval END
      FROM generate_series(1, 400) AS g`.execute(db());
    const stored = await db()
      .selectFrom("quote_requests")
      .select(["id", "created_at", "updated_at", "first_response_at"])
      .where("vehicle_type", "=", "gen")
      .orderBy("id")
      .execute();
    for (const zone of ["America/Detroit", "Asia/Kolkata", "Australia/Lord_Howe", "America/St_Johns", "UTC", "Pacific/Chatham"]) {
      const paths = [undefined, database.serverPool].filter((p, i) => i === 0 || p);
      for (const pool of paths) {
        // On the embedded database both calls take the keyset batches; on a server the second is one COPY.
        const { rows } = await records(exportCsv(db(), quotes, query("sort=id:asc&vehicle_type_contains=gen"), pool, zone));
        const [header, ...data] = rows;
        const col = (name: string) => header!.indexOf(name);
        const expected = stored.map((r) => [
          isoInTimeZone(r.created_at, zone),
          isoInTimeZone(r.updated_at, zone),
          r.first_response_at ? isoInTimeZone(r.first_response_at, zone) : "",
        ]);
        expect(data.map((r) => [r[col("created_at")], r[col("updated_at")], r[col("first_response_at")]]), `${zone} ${pool ? "COPY" : "keyset"}`).toEqual(
          expected,
        );
      }
    }
  });

  it("isoInTimeZone gives the offset of the zone at that instant", () => {
    const at = new Date("2026-11-22T23:04:02.229Z");
    expect(isoInTimeZone(at, "America/Detroit")).toBe("2026-11-22T18:04:02.229-05:00");
    expect(isoInTimeZone(at, "Asia/Kolkata")).toBe("2026-11-23T04:34:02.229+05:30");
    expect(isoInTimeZone(at, "America/St_Johns")).toBe("2026-11-22T19:34:02.229-03:30");
    expect(isoInTimeZone(new Date("1969-12-31T23:59:59.001Z"), "UTC")).toBe("1969-12-31T23:59:59.001+00:00");
    expect(UTF8_BOM).toBe("\uFEFF");
  });
});
