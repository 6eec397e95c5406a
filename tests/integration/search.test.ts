import { beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "~/server/env.server";
import { addVehicle } from "~/server/customers/customers.server";
import { vehicleSchema } from "~/lib/customer-input";
import { createInvoice } from "~/server/invoices/invoices.server";
import { submitQuote } from "~/server/quote.server";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Issue 32 (docs/decisions/0102): the owner finds a lead or a customer by a
// phone typed in any format, whatever format it was stored in; a customer by
// their vehicle; an invoice by its number or its customer's name. On PGlite,
// or PostgreSQL with TEST_DATABASE_URL.
const database = useTestDatabase({ SMTP_URL: undefined });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let cookie: string;
let n = 0;

async function submit(name: string, phone: string): Promise<{ leadId: number; customerId: number }> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
  const quote = { name, email, phone, vehicle_type: "Car", message: "", service_address: "" };
  const { id } = await submitQuote(db(), quote as never, `203.0.113.${(++n % 250) + 1}`);
  const row = await db().selectFrom("quote_requests").select("customer_id").where("id", "=", id!).executeTakeFirstOrThrow();
  return { leadId: id!, customerId: row.customer_id };
}

async function get(url: string): Promise<any> {
  const res = await app.fetch(url, { headers: { cookie } });
  expect(res.status, url).toBe(200);
  return res.json();
}
const names = (rows: { name?: string; customer?: string }[]) => rows.map((r) => r.name ?? r.customer).sort();
const leadNames = async (q: string) => names((await get(`/admin/leads?q=${encodeURIComponent(q)}`)).leads);
const customerNames = async (q: string) => names((await get(`/admin/customers?q=${encodeURIComponent(q)}`)).customers);

beforeAll(async () => {
  reloadEnv();
  cookie = await sessionCookieFor(db(), "owner@shine.example", { admin: true });
});

describe("a lead or a customer by phone", () => {
  const stored = {
    "Dotted Phone": "269.555.0142",
    "Plain Phone": "2695550143",
    "Country Phone": "+1 (269) 555-0144",
  };
  beforeAll(async () => {
    for (const [name, phone] of Object.entries(stored)) await submit(name, phone);
  });

  it("in any format typed, whatever format it was stored in", async () => {
    const typed = ["2695550142", "(269) 555-0142", "269-555-0142", "+1 269 555 0142", "269.555.0142", "1-269-555-0142", "5550142", "555-0142"];
    for (const q of typed) {
      expect(await leadNames(q), q).toEqual(["Dotted Phone"]);
      expect(await customerNames(q), q).toEqual(["Dotted Phone"]);
    }
    for (const q of ["(269) 555-0143", "+1 269.555.0143", "0143"]) {
      expect(await leadNames(q), q).toEqual(["Plain Phone"]);
      expect(await customerNames(q), q).toEqual(["Plain Phone"]);
    }
    for (const q of ["2695550144", "269 555 0144"]) {
      expect(await leadNames(q), q).toEqual(["Country Phone"]);
      expect(await customerNames(q), q).toEqual(["Country Phone"]);
    }
    // A partial run common to all three; with a name, only that one.
    expect(await leadNames("269-555-014")).toEqual(["Country Phone", "Dotted Phone", "Plain Phone"]);
    expect(await customerNames("Plain 555 014")).toEqual(["Plain Phone"]);
    expect(await leadNames("(269) 555-0199")).toEqual([]);
    expect(await customerNames("+1 269 555 0199")).toEqual([]);
  });

  it("keeps the search in the list's links; takes LIKE's characters literally", async () => {
    const page = await get(`/admin/leads?q=${encodeURIComponent("(269) 555-0142")}`);
    expect(page.filters.at(-1).href).toBe(`/admin/leads?${new URLSearchParams({ q: "(269) 555-0142" })}`);
    expect(await leadNames("100%_\\")).toEqual([]);
    expect(await customerNames("((((")).toEqual([]);
  });
});

describe("a customer by their vehicle", () => {
  beforeAll(async () => {
    const vehicles = {
      "Truck Owner": [{ kind: "Truck", make: "Chevrolet", model: "Silverado", year: "2019", color: "Red" }],
      "Older Truck Owner": [{ kind: "Truck", make: "Chevrolet", model: "Silverado 1500", year: "2018", color: "White" }],
      "Family Owner": [
        { kind: "SUV", make: "Chevrolet", model: "Tahoe", year: "2021", color: "Black" },
        { kind: "Boat", make: "Sea Ray", model: "SPX 190", year: "", color: "" },
      ],
    };
    let phone = 100;
    for (const [name, list] of Object.entries(vehicles)) {
      const { customerId } = await submit(name, `616-555-0${++phone}`);
      for (const v of list) await addVehicle(db(), customerId, vehicleSchema(new Date()).parse(v));
    }
  });

  it("by make, model, year, colour or kind", async () => {
    expect(await customerNames("Tahoe")).toEqual(["Family Owner"]);
    expect(await customerNames("Sea Ray")).toEqual(["Family Owner"]);
    expect(await customerNames("2019 Silverado")).toEqual(["Truck Owner"]);
    expect(await customerNames("silverado")).toEqual(["Older Truck Owner", "Truck Owner"]);
    expect(await customerNames("white chevrolet")).toEqual(["Older Truck Owner"]);
    expect(await customerNames("boat")).toEqual(["Family Owner"]);
    expect(await customerNames("Family tahoe")).toEqual(["Family Owner"]);
    expect(await customerNames("Silverado Tahoe")).toEqual([]);
  });
});

describe("an invoice by number or customer", () => {
  const invoices: Record<string, number> = {};
  beforeAll(async () => {
    for (const name of ["Invoice Alpha", "Invoice Beta"]) {
      const { leadId } = await submit(name, `810-555-0${100 + ++n}`);
      const id = await createInvoice(db(), await leadOrigin(db(), leadId), "owner@shine.example");
      const row = await db().selectFrom("invoices").select("number").where("id", "=", id).executeTakeFirstOrThrow();
      invoices[name] = row.number;
    }
  });
  const found = async (q: string, status = "") =>
    names((await get(`/admin/invoices?q=${encodeURIComponent(q)}${status ? `&status=${status}` : ""}`)).invoices);

  it("by its number, with or without #, or by the customer's name, keeping the search in the filter links", async () => {
    const alpha = invoices["Invoice Alpha"]!;
    expect(await found(String(alpha))).toEqual(["Invoice Alpha"]);
    expect(await found(`#${alpha}`)).toEqual(["Invoice Alpha"]);
    expect(await found("beta")).toEqual(["Invoice Beta"]);
    expect(await found("Invoice")).toEqual(["Invoice Alpha", "Invoice Beta"]);
    expect(await found("invoice alpha")).toEqual(["Invoice Alpha"]);
    expect(await found("#99999999")).toEqual([]);
    expect(await found("Invoice", "paid")).toEqual([]);
    const page = await get("/admin/invoices?q=beta&status=unpaid");
    expect(page).toMatchObject({ q: "beta", total: 1 });
    expect(page.filters.map((f: { href: string }) => f.href)).toEqual([
      "/admin/invoices?q=beta&status=unpaid",
      "/admin/invoices?q=beta&status=paid",
      "/admin/invoices?q=beta",
    ]);
  });
});
