import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { quotePrice } from "~/server/price-book/quote-price.server";
import { loadPriceBook } from "~/server/price-book/price-book.server";
import { saveSettings } from "~/server/settings.server";
import { SEED_SETTINGS } from "~/lib/business";
import { seedContent } from "../../db/seed";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 35's price book (docs/decisions/0126, 0127): the first start's West
// Michigan prices, what the server quotes from them, the owner's page
// (/admin/price-book) with its refusals beside the field, the database's
// checks, and a technician kept out. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
const OWNER = "owner@shine.example";
const database = useTestDatabase({ ADMIN_EMAILS: OWNER });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let owner: string;
let tech: string;

beforeAll(async () => {
  await seedContent(db());
  owner = await sessionCookieFor(db(), OWNER);
  tech = await sessionCookieFor(db(), "tech@shine.example", { role: "technician" });
});

const post = async (fields: Record<string, string>, cookie = owner) => {
  const res = await app.fetch("/admin/price-book", { method: "POST", body: new URLSearchParams(fields), headers: { cookie } });
  return { status: res.status, location: res.headers.get("Location"), body: res.status === 303 ? null : ((await res.json()) as any) };
};
const idOf = (rows: { id: number; name: string }[], name: string) => rows.find((r) => r.name === name)!.id;

describe("the seeded price book, priced", () => {
  it("holds the five vehicle classes, a $199 full detail for a car and more for the bigger ones, boats per foot", async () => {
    const book = await loadPriceBook(db());
    expect(book.classes.map((c) => c.name)).toEqual(["Car or Coupe", "SUV or Crossover", "Truck", "Minivan or Large SUV", "Boat"]);
    expect(book.classes.find((c) => c.name === "Boat")!.perFoot).toBe(true);
    const full = book.packages.find((p) => p.name === "Full Detail")!;
    const price = (vehicle: string) => full.prices.find((p) => p.vehicleClassId === idOf(book.classes, vehicle))!.priceCents;
    expect(price("Car or Coupe")).toBe(19_900);
    for (const bigger of ["SUV or Crossover", "Truck", "Minivan or Large SUV"]) {
      expect(price(bigger) / price("Car or Coupe")).toBeGreaterThanOrEqual(1.2);
      expect(price(bigger) / price("Car or Coupe")).toBeLessThanOrEqual(1.3);
    }
    expect(book.surcharges).toEqual({ light: 0, moderate: 15, heavy: 30 });
    expect(book).toMatchObject({ baseZip: "49503", radiusMiles: 50 });
  });

  it("quotes an SUV's full detail in Holland with an add-on and heavy soiling, a boat by its length, and refuses Kalamazoo as too far", async () => {
    const book = await loadPriceBook(db());
    const suv = idOf(book.classes, "SUV or Crossover");
    const full = idOf(book.packages, "Full Detail");
    const quote = quotePrice(book, { vehicleClassId: suv, boatFeet: null, packageId: full, addOnIds: [idOf(book.addOns, "Pet Hair Removal")], condition: "heavy", zip: "49423" });
    expect(quote.ok && quote.lines.map((l) => [l.description.replace(/\(.* miles\)/, "(miles)"), l.quantity, l.unitPriceCents])).toEqual([
      ["Full Detail, SUV or Crossover", 1, 23_900],
      ["Pet Hair Removal", 1, 4_900],
      ["Heavy condition (+30 %)", 1, 8_640],
      ["Travel fee (miles)", 1, 2_500],
    ]);
    expect(quote).toMatchObject({ ok: true, totalCents: 39_940, durationMinutes: 300 });
    const boat = quotePrice(book, { vehicleClassId: idOf(book.classes, "Boat"), boatFeet: 22, packageId: idOf(book.packages, "Boat Wash & Wax"), addOnIds: [], condition: "light", zip: "49503" });
    expect(boat).toMatchObject({ ok: true, totalCents: 35_200, durationMinutes: 264 });
    expect(quotePrice(book, { vehicleClassId: suv, boatFeet: null, packageId: full, addOnIds: [], condition: "light", zip: "49006" })).toMatchObject({ ok: false, reason: "beyond-radius" });
  });

  it("measures from the Base ZIP Code and to the Service Radius of the settings; an unknown Base ZIP Code is refused on its field", async () => {
    await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, baseZip: "49006", serviceRadiusMiles: "80" }, OWNER);
    const book = await loadPriceBook(db());
    expect(book).toMatchObject({ baseZip: "49006", radiusMiles: 80 });
    const choice = { vehicleClassId: book.classes[0]!.id, boatFeet: null, packageId: book.packages[0]!.id, addOnIds: [], condition: "light" as const, zip: "49503" };
    expect(quotePrice(book, choice).ok).toBe(true);
    await expect(saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, baseZip: "00000", serviceRadiusMiles: "0" }, OWNER)).rejects.toMatchObject({
      status: 400,
      fields: { baseZip: "Base ZIP Code is not a US ZIP code we know.", serviceRadiusMiles: "Service Radius (miles) must be a whole number from 1 to 500." },
    });
    await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, OWNER);
    expect(await loadPriceBook(db())).toMatchObject({ baseZip: "49503", radiusMiles: 50 });
  });
});

describe("/admin/price-book", () => {
  it("shows the book to the owner and saves a package's prices for every class at once", async () => {
    const page = await app.fetch("/admin/price-book", { headers: { cookie: owner } });
    expect(page.status).toBe(200);
    const book = await loadPriceBook(db());
    const wash = book.packages.find((p) => p.name === "Exterior Wash & Wax")!;
    const fields: Record<string, string> = { intent: "package", id: String(wash.id), name: "Exterior Wash & Wax", description: "Hand wash and wax." };
    book.classes.forEach((c, i) => {
      fields[`prices[${i}].vehicleClassId`] = String(c.id);
      // The car's price changed, the truck's offer withdrawn (both empty), the rest as they were.
      const price = wash.prices.find((p) => p.vehicleClassId === c.id);
      const [amount, minutes] = c.name === "Car or Coupe" ? ["$104.50", "125"] : c.name === "Truck" || !price ? ["", ""] : [(price.priceCents / 100).toFixed(2), String(price.durationMinutes)];
      fields[`prices[${i}].price`] = amount;
      fields[`prices[${i}].duration`] = minutes;
    });
    expect(await post(fields)).toMatchObject({ status: 303, location: "/admin/price-book?done=saved#packages" });
    const saved = (await loadPriceBook(db())).packages.find((p) => p.id === wash.id)!;
    expect(saved.description).toBe("Hand wash and wax.");
    expect(saved.prices.find((p) => p.vehicleClassId === idOf(book.classes, "Car or Coupe"))).toMatchObject({ priceCents: 10_450, durationMinutes: 125 });
    expect(saved.prices.map((p) => p.vehicleClassId)).not.toContain(idOf(book.classes, "Truck"));
    expect(saved.prices).toHaveLength(3);
  });

  it("answers a bad price, a price without a duration, a taken name and a surcharge over 100 % with a 400 beside the field, storing nothing", async () => {
    const book = await loadPriceBook(db());
    const full = book.packages.find((p) => p.name === "Full Detail")!;
    const car = String(book.classes[0]!.id);
    const refused = await post({ intent: "package", id: String(full.id), name: "Full Detail", "prices[0].vehicleClassId": car, "prices[0].price": "12.345", "prices[0].duration": "240" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      intent: "package",
      id: String(full.id),
      error: "Please correct the highlighted fields.",
      fields: { "prices[0].price": "Price must be an amount from $0.00 to $100,000.00." },
      values: { "prices[0].price": "12.345" },
    });
    expect((await post({ intent: "package", id: String(full.id), name: "Full Detail", "prices[0].vehicleClassId": car, "prices[0].price": "199" })).body.fields).toEqual({
      "prices[0].duration": "Duration (minutes) is required with a price.",
    });
    expect((await post({ intent: "add-on", name: "  pet hair REMOVAL ", price: "10", duration: "15" })).body).toMatchObject({
      fields: { name: "Another add-on is already named pet hair REMOVAL." },
    });
    expect((await post({ intent: "add-on", name: "Odor Treatment", price: "-5", duration: "0" })).body.fields).toEqual({
      price: "Price must be an amount from $0.00 to $100,000.00.",
      duration: "Duration (minutes) must be a whole number from 1 to 10,080.",
    });
    expect((await post({ intent: "surcharges", light: "0", moderate: "15", heavy: "101" })).body.fields).toEqual({ heavy: "Heavy (%) must be a whole number from 0 to 100." });
    expect((await post({ intent: "travel-zone", upToMiles: "15", fee: "5" })).body.fields).toEqual({ upToMiles: "There is already a zone up to 15 miles." });
    expect((await post({ intent: "dance" })).status).toBe(400);
    expect(await loadPriceBook(db())).toEqual(book);
  });

  it("adds and removes rows: a vehicle class taken away takes its prices along", async () => {
    expect((await post({ intent: "vehicle-class", name: "Motorcycle" })).status).toBe(303);
    let book = await loadPriceBook(db());
    const moto = idOf(book.classes, "Motorcycle");
    expect(book.classes.at(-1)).toEqual({ id: moto, name: "Motorcycle", perFoot: false });
    const full = book.packages.find((p) => p.name === "Full Detail")!;
    const prices = [...full.prices, { vehicleClassId: moto, priceCents: 9_900, durationMinutes: 90, minimumCents: 0 }];
    const fields: Record<string, string> = { intent: "package", id: String(full.id), name: full.name, description: full.description };
    prices.forEach((p, i) => Object.assign(fields, { [`prices[${i}].vehicleClassId`]: String(p.vehicleClassId), [`prices[${i}].price`]: String(p.priceCents / 100), [`prices[${i}].duration`]: String(p.durationMinutes) }));
    expect((await post(fields)).status).toBe(303);
    expect((await post({ intent: "remove", kind: "vehicleClass", id: String(moto) })).location).toBe("/admin/price-book?done=removed#price-book");
    book = await loadPriceBook(db());
    expect(book.classes.map((c) => c.name)).not.toContain("Motorcycle");
    expect(await db().selectFrom("package_prices").select("package_id").where("vehicle_class_id", "=", moto).execute()).toEqual([]);
    expect((await post({ intent: "remove", kind: "vehicleClass", id: String(moto) })).status).toBe(404);
  });

  it("keeps what the database cannot hold out, whoever writes it", async () => {
    const refused = (query: ReturnType<typeof sql>) => expect(query.execute(db())).rejects.toMatchObject({ code: expect.stringMatching(/^23/) });
    await refused(sql`INSERT INTO add_ons (name, price_cents, duration_minutes) VALUES ('Negative', -1, 10)`);
    await refused(sql`INSERT INTO add_ons (name, price_cents, duration_minutes) VALUES ('No time', 100, 0)`);
    await refused(sql`INSERT INTO add_ons (name, price_cents, duration_minutes) VALUES ('HEADLIGHT RESTORATION', 100, 10)`);
    await refused(sql`INSERT INTO vehicle_classes (name) VALUES (' Padded ')`);
    await refused(sql`UPDATE condition_surcharges SET percent = 101 WHERE level = 'heavy'`);
    await refused(sql`INSERT INTO condition_surcharges (level, percent) VALUES ('filthy', 50)`);
    await refused(sql`INSERT INTO travel_zones (up_to_miles, fee_cents) VALUES (0, 100)`);
    await refused(sql`UPDATE site_settings SET base_zip = '4950' WHERE id = 1`);
  });

  it("is the owner's: a technician gets 403 reading it and posting to it", async () => {
    expect((await app.fetch("/admin/price-book", { headers: { cookie: tech } })).status).toBe(403);
    expect((await post({ intent: "surcharges", light: "0", moderate: "0", heavy: "0" }, tech)).status).toBe(403);
    expect((await loadPriceBook(db())).surcharges.heavy).toBe(30);
  });
});
