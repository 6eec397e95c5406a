import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { action as homeAction } from "~/routes/home";
import { quoteVehicle } from "~/server/customers/quote-vehicle.server";
import { reloadEnv } from "~/server/env.server";
import { submitQuote } from "~/server/quote.server";
import { routeContext } from "../helpers/routes";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 32 (docs/decisions/0102): the vehicle a visitor names in the quote
// form becomes their customer's vehicle, once, in the request's transaction.
// On PGlite, or PostgreSQL with TEST_DATABASE_URL.
const database = useTestDatabase({ SMTP_URL: undefined });
const db = () => database.db;
let n = 0;
const ip = () => `203.0.113.${(++n % 250) + 1}`;

beforeAll(() => reloadEnv());

async function submit(email: string, vehicleType: string): Promise<number> {
  const quote = { name: "Vera Vehicle", email, phone: "", vehicle_type: vehicleType, message: "", service_address: "" };
  const { id } = await submitQuote(db(), quote as never, ip());
  const row = await db().selectFrom("quote_requests").select("customer_id").where("id", "=", id!).executeTakeFirstOrThrow();
  return row.customer_id;
}
const vehiclesOf = (customerId: number) =>
  db().selectFrom("vehicles").select(["kind", "make", "model", "year"]).where("customer_id", "=", customerId).orderBy("id").execute();

describe("the quote form's vehicle", () => {
  it("is read as a kind, a model year and the other words", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(quoteVehicle("Boat", now)).toEqual({ kind: "Boat", year: null, model: "" });
    expect(quoteVehicle("suv", now)).toEqual({ kind: "SUV", year: null, model: "" });
    expect(quoteVehicle("2019 Chevy Silverado", now)).toEqual({ kind: "Other", year: 2019, model: "Chevy Silverado" });
    expect(quoteVehicle("Sea Ray pontoon, 2027", now)).toEqual({ kind: "Boat", year: 2027, model: "Sea Ray" });
    expect(quoteVehicle("2028 truck", now)).toEqual({ kind: "Truck", year: null, model: "2028" });
    expect(quoteVehicle("Other", now)).toBeNull();
    expect(quoteVehicle("   ", now)).toBeNull();
  });

  it("becomes the customer's vehicle, without a second one when they quote it again", async () => {
    const customer = await submit("vera@example.com", "2019 Chevy Silverado");
    expect(await vehiclesOf(customer)).toEqual([{ kind: "Other", make: "", model: "Chevy Silverado", year: 2019 }]);
    // The same vehicle typed otherwise, or without its year: the same one.
    expect(await submit("VERA@example.com", "2019  chevy silverado")).toBe(customer);
    await submit("vera@example.com", "Chevy Silverado");
    expect(await vehiclesOf(customer)).toHaveLength(1);
    // Another year is another vehicle; a boat too, once.
    await submit("vera@example.com", "2021 Chevy Silverado");
    await submit("vera@example.com", "Boat");
    await submit("vera@example.com", "boat");
    expect(await vehiclesOf(customer)).toEqual([
      { kind: "Other", make: "", model: "Chevy Silverado", year: 2019 },
      { kind: "Other", make: "", model: "Chevy Silverado", year: 2021 },
      { kind: "Boat", make: "", model: "", year: null },
    ]);
    // "Other" alone names no vehicle.
    const other = await submit("other@example.com", "Other");
    expect(await vehiclesOf(other)).toEqual([]);
  });

  it("matches a vehicle the owner completed on the customer's page (make and model split, kind set)", async () => {
    const customer = await submit("owner.edit@example.com", "2020 Sea Ray SPX 190");
    await db().updateTable("vehicles").set({ kind: "Boat", make: "Sea Ray", model: "SPX 190" }).where("customer_id", "=", customer).execute();
    await submit("owner.edit@example.com", "2020 Sea Ray SPX 190");
    await submit("owner.edit@example.com", "boat");
    expect(await vehiclesOf(customer)).toEqual([{ kind: "Boat", make: "Sea Ray", model: "SPX 190", year: 2020 }]);
  });

  it("through the form without JavaScript, in the request's transaction: a request that fails leaves no vehicle", async () => {
    const post = async (email: string) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ name: "Form Person", email, phone: "616-555-0188", vehicle_type: "2018 Bayliner boat", message: "" })) body.set(k, v);
      const request = new Request("http://localhost/?index", { method: "POST", body });
      return (await homeAction({ request, params: {}, context: routeContext(db(), { clientIp: ip() }) } as any)) as any;
    };
    expect((await post("form.vehicle@example.com"))?.init?.status ?? 200).toBe(200);
    const saved = await db().selectFrom("customers").select("id").where("email", "=", "form.vehicle@example.com").executeTakeFirstOrThrow();
    expect(await vehiclesOf(saved.id)).toEqual([{ kind: "Boat", make: "", model: "Bayliner", year: 2018 }]);

    // The request's insert fails after the vehicle was written: neither stays.
    await sql`CREATE FUNCTION refuse_quote() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'refused@example.com' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(db());
    await sql`CREATE TRIGGER refuse_quote BEFORE INSERT ON quote_requests FOR EACH ROW EXECUTE FUNCTION refuse_quote()`.execute(db());
    try {
      await expect(submitQuote(db(), { name: "Refused", email: "refused@example.com", phone: "", vehicle_type: "2017 Tahoe", message: "", service_address: "" } as never, ip())).rejects.toThrow(
        /refused by the test/,
      );
    } finally {
      await sql`DROP TRIGGER refuse_quote ON quote_requests`.execute(db());
      await sql`DROP FUNCTION refuse_quote()`.execute(db());
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vehicles WHERE model = 'Tahoe'`.execute(db());
    expect(rows[0]!.n).toBe(0);
  });
});
