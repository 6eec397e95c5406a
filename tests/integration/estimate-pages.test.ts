import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { DECISION_LIMITS, NOT_FOUND_MESSAGE } from "~/server/estimates/customer-page.server";
import { getEstimate } from "~/server/estimates/estimates.server";
import { getLead } from "~/server/leads/lead.server";
import { saveSettings } from "~/server/settings.server";
import { insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The estimate's pages through the app's own routes: the owner's Create
// Estimate, the editor's intents (with and without JavaScript alike: plain
// form posts), Send Estimate, and the customer's page, PDF and decisions.
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, SMTP_URL: undefined });
const db = () => database.db;
let admin: string;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${++ip}` });

beforeAll(async () => {
  admin = await sessionCookieFor(db(), OWNER, { admin: true });
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "6.25" }, OWNER);
});

function post(path: string, fields: [string, string][], cookie = admin, ctx = context()) {
  const body = new URLSearchParams(fields);
  return callRoute(new Request(`http://localhost${path}`, { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }), ctx);
}
const get = (path: string, headers: Record<string, string> = {}, ctx = context()) => callRoute(new Request(`http://localhost${path}`, { headers }), ctx);

async function createdEstimate(): Promise<{ id: number; lead: number }> {
  const lead = await insertLead(db());
  const res = await post("/admin/estimates", [["leadId", String(lead)]]);
  expect(res.status).toBe(303);
  const id = Number(/^\/admin\/estimates\/(\d+)$/.exec(res.headers.get("location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return { id, lead };
}

const editorFields = (lines: [string, string, string][], extra: [string, string][] = []): [string, string][] => [
  ...lines.flatMap(([d, q, p]): [string, string][] => [["description", d], ["quantity", q], ["unitPrice", p], ["serviceId", ""]]),
  ["durationMinutes", "120"],
  ["validUntil", "2099-01-31"],
  ["message", "See you soon"],
  ...extra,
];

describe("the editor", () => {
  it("adds and removes lines without storing, totals computed here; saves with a redirect", async () => {
    const { id } = await createdEstimate();
    const service = await db().selectFrom("services").select(["id"]).executeTakeFirst();
    const added = await post(`/admin/estimates/${id}`, editorFields([["Wash", "2", "10.00"]], [["intent", "add"], ["addService", service ? String(service.id) : ""]]));
    expect(added.status).toBe(200);
    const body = (await added.json()) as { values: { lines: unknown[] } };
    expect(body.values.lines).toHaveLength(2);
    expect((await getEstimate(db(), id)).lines).toHaveLength(0);

    const refused = await post(`/admin/estimates/${id}`, editorFields([["Wash", "2", "100000.01"]], [["intent", "save"]]));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields["lines.0.unitPrice"]).toMatch(/^Unit Price on line 1/);

    const saved = await post(`/admin/estimates/${id}`, editorFields([["Wash", "2", "10.00"]], [["intent", "save"]]));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/estimates/${id}?done=saved`);
    // 2 × $10.00 = $20.00; 6.25 % = $1.25; $21.25.
    expect(await getEstimate(db(), id)).toMatchObject({ subtotalCents: 2000, taxCents: 125, totalCents: 2125 });
    const page = (await (await get(`/admin/estimates/${id}?done=saved`, { cookie: admin })).json()) as { values: { lines: { unitPrice: string }[] } };
    expect(page.values.lines[0]!.unitPrice).toBe("10.00");
  });

  it("refuses a signed-out visitor", async () => {
    const { id } = await createdEstimate();
    expect((await get(`/admin/estimates/${id}`)).status).toBe(302);
  });
});

describe("the customer's page", () => {
  async function sentEstimate() {
    const { id, lead } = await createdEstimate();
    const sent = await post(`/admin/estimates/${id}`, editorFields([["Ceramic coating", "1", "899.00"]], [["intent", "send"]]));
    expect(sent.status).toBe(303);
    expect((await getLead(db(), lead)).status).toBe("quoted");
    return { ...(await getEstimate(db(), id)), lead };
  }

  it("shows the estimate with noindex, marks it viewed once, and serves the PDF", async () => {
    const estimate = await sentEstimate();
    const page = await get(`/estimates/${estimate.token}`, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const data = (await page.json()) as { estimate: { number: number; total: string; lines: unknown[] } };
    expect(data.estimate).toMatchObject({ number: estimate.number, total: "$955.19" });
    expect((await getEstimate(db(), estimate.id)).status).toBe("viewed");

    const pdf = await get(`/estimates/${estimate.token}/pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) }).getText()).text;
    expect(text).toContain("Ceramic coating");
    expect(text).toContain("$955.19");
  });

  it("answers 404 for a wrong token and a draft's, then 429 past the limit", async () => {
    const { id } = await createdEstimate();
    const draft = await getEstimate(db(), id);
    const ctx = context();
    expect((await get(`/estimates/${draft.token}`, {}, ctx)).status).toBe(404);
    const wrong = await get(`/estimates/${"x".repeat(32)}`, {}, ctx);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe(NOT_FOUND_MESSAGE);
    let status = 404;
    for (let i = 0; i < 25 && status === 404; i++) status = (await get(`/estimates/nope${i}`, {}, ctx)).status;
    expect(status).toBe(429);
  });

  it("accepts once; a second press says it was already answered", async () => {
    const estimate = await sentEstimate();
    const first = await post(`/estimates/${estimate.token}`, [["intent", "accept"]], "");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/estimates/${estimate.token}`);
    const second = await post(`/estimates/${estimate.token}`, [["intent", "decline"], ["reason", "changed my mind"]], "");
    expect(second.headers.get("location")).toBe(`/estimates/${estimate.token}?outcome=already`);
    expect((await getEstimate(db(), estimate.id)).status).toBe("accepted");
    expect(await db().selectFrom("email_outbox").select("subject").where("subject", "like", `Estimate #${estimate.number} %`).execute()).toEqual([
      { subject: `Estimate #${estimate.number} from ${SEED_SETTINGS.businessName}` },
      { subject: `Estimate #${estimate.number} accepted by ${estimate.customer.name}` },
    ]);
  });

  it("an expired estimate shows expired and cannot be accepted", async () => {
    const estimate = await sentEstimate();
    await db().updateTable("estimates").set({ valid_until: "2020-01-01" }).where("id", "=", estimate.id).execute();
    const page = (await (await get(`/estimates/${estimate.token}`)).json()) as { estimate: { status: string } };
    expect(page.estimate.status).toBe("expired");
    const press = await post(`/estimates/${estimate.token}`, [["intent", "accept"]], "");
    expect(press.headers.get("location")).toBe(`/estimates/${estimate.token}?outcome=already`);
    expect((await getEstimate(db(), estimate.id)).storedStatus).toBe("viewed");
  });

  it("limits decisions per client address like the quote form", async () => {
    const estimate = await sentEstimate();
    const ctx = context();
    const max = DECISION_LIMITS[0]!.max;
    for (let i = 0; i < max; i++) await post(`/estimates/${estimate.token}`, [["intent", "accept"]], "", ctx);
    const res = await post(`/estimates/${estimate.token}`, [["intent", "accept"]], "", ctx);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("services' prices in the dashboard", () => {
  const api = (path: string, method: string, json?: unknown) =>
    callRoute(
      new Request(`http://localhost${path}`, { method, headers: { cookie: admin, "content-type": "application/json" }, body: json ? JSON.stringify(json) : undefined }),
      context(),
    );

  it("edits price_cents and duration_minutes through the table API, within their limits", async () => {
    const created = await api("/api/tables/services", "POST", { kind: "car", title: "Pet Hair Removal", icon: "sparkles", price_cents: 4_900, duration_minutes: 45 });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api(`/api/tables/services/${id}`, "PATCH", { price_cents: 5_900 })).status).toBe(200);
    const tooMuch = await api(`/api/tables/services/${id}`, "PATCH", { price_cents: 10_000_001 });
    expect(tooMuch.status).toBe(400);
    expect(await db().selectFrom("services").select(["price_cents", "duration_minutes"]).where("id", "=", id).executeTakeFirst()).toEqual({
      price_cents: 5_900,
      duration_minutes: 45,
    });
  });
});
