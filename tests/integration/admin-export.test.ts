import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { csvLine, isoInTimeZone, UTF8_BOM } from "~/lib/csv";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The export route in this process, on this file's database (the export of
// 200,000 rows in little memory is measured by `npm run bench -- export`).
const database = useTestDatabase();
const db = () => database.db;
const serverPool = () => database.serverPool;
const app = { fetch: inProcessFetch(db) };
let admin: string;
beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
});

// Enough rows that an export is still running after its first megabyte.
const ROWS = 20_000;

/** COPY statements running on the test database's server (none on the embedded database). */
async function runningCopies(): Promise<number> {
  if (!serverPool()) return 0;
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity
    WHERE datname = current_database() AND backend_type = 'client backend' AND query LIKE 'COPY (%' AND state = 'active'`.execute(db());
  return Number(rows[0]!.n);
}

/** A minimal RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  return rows;
}

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks, and neutralises formulas", async () => {
    const tricky = [
      { name: 'Smith, "Bob"', message: "line one\nline two\r\nthree" },
      { name: "=HYPERLINK(\"http://evil\",\"x\")", message: "+1 (616) 555-0100" },
      { name: "-2+3", message: "@SUM(A1:A2)" },
      { name: "\tTabbed", message: "\rReturn" },
      { name: "Plain Name", message: "a=b is fine" },
      { name: "Zoë Ünïcode ✓", message: "\n", notes: "ends with a break\n" },
      { name: "\\. back\\slash", message: "", notes: '"' },
    ];
    await db()
      .insertInto("quote_requests")
      .values(tricky.map((t) => ({ ...t, email: "csv@example.com", phone: "6165550100", vehicle_type: "csvtest" })))
      .execute();
    const res = await app.fetch("/api/tables/quote_requests/export?sort=id:asc&vehicle_type_contains=csvtest", { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="quote_requests.csv"');
    // A byte order mark first, for spreadsheets (ADR 0045); the CSV follows. (Response.text() would drop it.)
    const file = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(file.startsWith(UTF8_BOM)).toBe(true);
    const text = file.slice(UTF8_BOM.length);
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      "id", "name", "email", "phone", "vehicle_type", "message", "service_address", "status", "lost_reason", "notes", "client_ip", "created_at", "updated_at", "first_response_at",
    ]);
    expect(rows.map((r) => [r[1], r[5]])).toEqual([
      ['Smith, "Bob"', "line one\nline two\r\nthree"],
      ["'=HYPERLINK(\"http://evil\",\"x\")", "'+1 (616) 555-0100"],
      ["'-2+3", "'@SUM(A1:A2)"],
      ["'\tTabbed", "'\rReturn"],
      ["Plain Name", "a=b is fine"],
      ["Zoë Ünïcode ✓", "\n"],
      ["\\. back\\slash", ""],
    ]);
    // A line break inside a cell stays as stored, inside quotes; every record ends with CRLF.
    expect(text).toContain('"line one\nline two\r\nthree"');
    expect(text).toContain(',"\n",');
    expect(text).toContain(',"ends with a break\n",');
    expect(text.split("\r\n")).toHaveLength(1 + 7 + 1 + 1); // header, rows, the "\r\n" inside one message, the end
    expect(text).toContain('"Smith, ""Bob"""');
    // The rows PostgreSQL formats are byte for byte what csvLine (~/lib/csv) writes.
    const stored = await db().selectFrom("quote_requests").selectAll().where("vehicle_type", "=", "csvtest").orderBy("id").execute();
    // Times are ISO 8601 in the business's zone (isoInTimeZone; csv-export-timezone.test.ts covers them).
    const times = new Set(["created_at", "updated_at", "first_response_at"]);
    const raw = await sql<Record<string, string | null>>`SELECT ${sql.join(header!.map((h) => (times.has(h) ? sql.ref(h) : sql`${sql.ref(h)}::text AS ${sql.ref(h)}`)))}
      FROM quote_requests WHERE vehicle_type = 'csvtest' ORDER BY id`.execute(db());
    const cell = (r: Record<string, unknown>, h: string) => (times.has(h) && r[h] ? isoInTimeZone(r[h] as Date, "America/Detroit") : (r[h] as string | null));
    expect(stored).toHaveLength(7);
    expect(text).toBe(csvLine(header!) + raw.rows.map((r) => csvLine(header!.map((h) => cell(r, h)))).join(""));
  });

  it("finds search terms with quotes, backslashes, % and _ literally, as the list does", async () => {
    const names = ["O'Brien", "O''Neil", "Back\\slash", "Back slash", "100% Clean", "1000 Clean", "a_b", "axb", "Zoë Ünïcode", "x'); DROP TABLE users; --"];
    await db()
      .insertInto("quote_requests")
      .values(names.map((name) => ({ name, email: "s@example.com", phone: "6165550100", vehicle_type: "searchtest" })))
      .execute();
    const cases: [string, string[]][] = [
      ["'", ["O'Brien", "O''Neil", "x'); DROP TABLE users; --"]],
      ["''", ["O''Neil"]],
      ["\\", ["Back\\slash"]],
      ["\\'", []],
      ["100%", ["100% Clean"]],
      ["%", ["100% Clean"]],
      ["a_b", ["a_b"]],
      ["_", ["a_b"]],
      ["ZOË ünï", ["Zoë Ünïcode"]],
      ["'); DROP TABLE users; --", ["x'); DROP TABLE users; --"]],
    ];
    for (const [term, expected] of cases) {
      const params = `sort=id:asc&vehicle_type_contains=searchtest&name_contains=${encodeURIComponent(term)}`;
      const res = await app.fetch(`/api/tables/quote_requests/export?${params}`, { headers: { cookie: admin } });
      expect(res.status, term).toBe(200);
      const exported = parseCsv(await res.text()).slice(1);
      expect(exported.map((r) => r[1]), term).toEqual(expected);
      const list = await (await app.fetch(`/api/tables/quote_requests?${params}&limit=200`, { headers: { cookie: admin } })).json();
      expect(exported.map((r) => Number(r[0])), term).toEqual(list.rows.map((r: { id: number }) => r.id));
    }
    expect(await db().selectFrom("users").select("id").execute()).not.toHaveLength(0);
    // The query text of a COPY is a C string: a NUL cannot be inlined.
    const res = await app.fetch("/api/tables/quote_requests/export?name_contains=a%00b", { headers: { cookie: admin } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Search terms cannot contain a NUL character" });
  });

  it("refuses bad sort and filter parameters as the list does", async () => {
    for (const q of ["sort=message:asc", "sort=id:up", "nope_contains=x", "page=0"]) {
      const res = await app.fetch(`/api/tables/quote_requests/export?${q}`, { headers: { cookie: admin } });
      expect(res.status, q).toBe(400);
    }
  });

  it("lets go of its connection when the client goes away mid-export", { timeout: 120_000 }, async () => {
    await db().deleteFrom("quote_requests").execute();
    await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, created_at)
      SELECT 'Customer ' || g, 'c' || g || '@example.com', '616555' || lpad((g % 10000)::text, 4, '0'),
             -- ~0.7 KB a row, ~14 MB in all: far more than the socket buffers between the
             -- database and the app can hold, so the COPY is surely still running below.
             CASE WHEN g % 2 = 0 THEN 'car' ELSE 'boat' END, repeat('Lorem ipsum, dolor "sit" amet. ', 20),
             now() - (g || ' seconds')::interval
      FROM generate_series(1, ${ROWS}) AS g`.execute(db());
    const pool = serverPool();
    const checkedOut = () => (pool ? pool.totalCount - pool.idleCount : 0);
    const abort = new AbortController();
    const res = await app.fetch("/api/tables/quote_requests/export?sort=name:asc", { headers: { cookie: admin }, signal: abort.signal });
    const reader = res.body!.getReader();
    let received = 0;
    while (received < 1_000_000) received += (await reader.read()).value!.length;
    if (pool) {
      expect(checkedOut()).toBe(1);
      expect(await runningCopies()).toBe(1);
    }
    abort.abort();
    await reader.cancel().catch(() => {});
    // The stream is cancelled (as React Router's adapter does when the socket
    // closes), and the pool closes the connection that was mid-COPY;
    // PostgreSQL then ends that COPY.
    await expect.poll(checkedOut, { timeout: 10_000 }).toBe(0);
    await expect.poll(runningCopies, { timeout: 10_000 }).toBe(0);
    // And the next export runs in full: "Customer 1999" and 19990–19999.
    const next = await app.fetch("/api/tables/quote_requests/export?sort=id:asc&name_contains=Customer%201999", { headers: { cookie: admin } });
    const rows = parseCsv(await next.text()).slice(1);
    expect(rows).toHaveLength(11);
    expect(rows.every((r) => r[1]!.startsWith("Customer 1999"))).toBe(true);
  });
});
