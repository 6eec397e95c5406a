import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJobForm } from "~/lib/job-input";
import { stopBackgroundJobs } from "~/server/background.server";
import { savedDetails } from "~/server/customers/saved-details.server";
import { env, reloadEnv } from "~/server/env.server";
import { renderEstimatePdf } from "~/server/estimates/estimate-pdf.server";
import { copyEstimate, createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { getJob } from "~/server/jobs/job-records.server";
import { newJobView } from "~/server/jobs/job-view.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { rescheduleJob } from "~/server/jobs/job-rescheduling.server";
import { getBusinessSettings } from "~/server/settings.server";
import { estimateForm } from "../helpers/estimates";
import { businessDay, insertJobLead, jobForm } from "../helpers/jobs";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { refusal } from "../helpers/refusal";

// Issue 23: a new estimate or job for a returning customer offers their saved
// address and vehicles. Every request belongs to a customer (matched by
// e-mail), so a second request of the same e-mail finds what the first left.
const ADMIN = "owner@shine.example";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ SMTP_URL: undefined, APP_URL: ORIGIN });
const db = () => database.db;

beforeAll(() => reloadEnv());
afterAll(() => stopBackgroundJobs());

const customerOf = async (leadId: number) =>
  (await db().selectFrom("quote_requests").select("customer_id").where("id", "=", leadId).executeTakeFirstOrThrow()).customer_id;

async function addVehicle(customerId: number, values: { kind: "Truck" | "Boat"; make?: string; model?: string; year?: number; color?: string }) {
  const row = await db()
    .insertInto("vehicles")
    .values({ customer_id: customerId, make: "", model: "", color: "", ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

function input(form: ReturnType<typeof jobForm>) {
  const parsed = parseJobForm(form, businessDay(0), env().BUSINESS_TIME_ZONE);
  if (!parsed.ok) throw new Error(`Bad test form: ${JSON.stringify(parsed.errors)}`);
  return parsed.input;
}

let n = 0;
/** The returning customers' first jobs: one day each, from the day after tomorrow (the tests' own jobs are 40+ days out). */
let firstJobDay = 1;
/** A lead of a customer of its own: the helper's leads share one phone, which would make them one customer. */
const newLead = (values: Parameters<typeof insertJobLead>[1] = {}) => insertJobLead(db(), { phone: `(616) 555-${String(2000 + ++n)}`, ...values });

/** A customer who came before: a request at one address, a job at another, and a saved truck; then a new request without an address. */
async function returningCustomer() {
  const email = `returning${n}-${process.pid}@example.com`;
  const first = await newLead({ email, serviceAddress: "12 Main St, Grand Rapids" });
  const customerId = await customerOf(first.id);
  const truck = await addVehicle(customerId, { kind: "Truck", make: "Ford", model: "F-150", year: 2019, color: "Blue" });
  await scheduleJob(db(), { from: await leadOrigin(db(), first.id), input: input(jobForm(businessDay(++firstJobDay), "09:00", { address: "40 Lake Dr, Holland" })), actor: ADMIN, origin: ORIGIN });
  const second = await newLead({ email: email.toUpperCase() });
  expect(await customerOf(second.id)).toBe(customerId);
  return { first, second, customerId, truck };
}

describe("a returning customer's saved details", () => {
  it("offer their vehicles and earlier addresses, newest first, each once", async () => {
    const { second, truck } = await returningCustomer();
    const saved = await savedDetails(db(), await customerOf(second.id));
    expect(saved.vehicles).toEqual([{ id: truck, label: "2019 Ford F-150 (Truck, Blue)" }]);
    // The job (in the coming days) is newer than the first request; the new request has no address.
    expect(saved.addresses).toEqual(["40 Lake Dr, Holland", "12 Main St, Grand Rapids"]);
  });

  it("fill Schedule Job: their latest address and their only vehicle; the job records and shows the vehicle", async () => {
    const { second, truck } = await returningCustomer();
    const view = await newJobView(db(), second.id, null);
    expect(view.values).toMatchObject({ address: "40 Lake Dr, Holland", vehicleId: String(truck) });
    expect(view.saved.addresses).toHaveLength(2);
    const job = await scheduleJob(db(), { from: await leadOrigin(db(), second.id), input: input({ ...view.values, date: businessDay(40) }), actor: ADMIN, origin: ORIGIN });
    expect(job.vehicle).toEqual({ id: truck, label: "2019 Ford F-150 (Truck, Blue)" });
    expect(job.address).toBe("40 Lake Dr, Holland");
  });

  it("a new customer's form has none of them, and the request's own address", async () => {
    const lead = await newLead({ serviceAddress: "7 Oak Ave" });
    const view = await newJobView(db(), lead.id, null);
    expect(view.saved).toEqual({ vehicles: [], addresses: ["7 Oak Ave"] });
    expect(view.values).toMatchObject({ address: "7 Oak Ave", vehicleId: "" });
  });

  it("refuse another customer's vehicle on the Vehicle field, storing nothing", async () => {
    const { second } = await returningCustomer();
    const stranger = await newLead();
    const theirs = await addVehicle(await customerOf(stranger.id), { kind: "Boat", make: "Sea Ray" });
    const jobsBefore = await db().selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const error = await refusal(scheduleJob(db(), { from: await leadOrigin(db(), second.id), input: input(jobForm(businessDay(50), "10:00", { vehicleId: String(theirs) })), actor: ADMIN, origin: ORIGIN }));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ vehicleId: "Vehicle must be one of this customer's vehicles." });
    const jobsAfter = await db().selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(jobsAfter.n)).toBe(Number(jobsBefore.n));

    const estimateId = await createEstimate(db(), await leadOrigin(db(), second.id), ADMIN);
    const refused = await refusal(saveEstimate(db(), estimateId, estimateForm([["Wax", "1", "99"]], { vehicleId: String(theirs) })));
    expect(refused.fields).toEqual({ vehicleId: "Vehicle must be one of this customer's vehicles." });
    expect((await getEstimate(db(), estimateId)).lines).toEqual([]);
  });

  it("an estimate starts with their only vehicle, shows it on the PDF, keeps it in a copy, and the job from it takes it", async () => {
    const { second, truck } = await returningCustomer();
    const id = await createEstimate(db(), await leadOrigin(db(), second.id), ADMIN);
    expect((await getEstimate(db(), id)).vehicle?.id).toBe(truck);
    const estimate = await saveEstimate(db(), id, estimateForm([["Full detail", "1", "249"]], { vehicleId: String(truck) }));
    const pdf = await renderEstimatePdf(estimate, await getBusinessSettings(db()));
    expect((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text).toContain("Vehicle: 2019 Ford F-150 (Truck, Blue)");
    expect((await getEstimate(db(), await copyEstimate(db(), id, ADMIN))).vehicle?.id).toBe(truck);

    // Accepted (as the customer's page records it), then scheduled from the estimate without naming a vehicle: the customer's own booking.
    await db().updateTable("estimates").set({ status: "accepted" }).where("id", "=", id).execute();
    const { vehicleId: _, ...withoutVehicle } = input(jobForm(businessDay(60), "08:00"));
    const job = await scheduleJob(db(), { from: await leadOrigin(db(), second.id), estimateId: id, input: withoutVehicle, actor: ADMIN, origin: ORIGIN });
    expect(job.vehicle?.id).toBe(truck);
  });

  it("a removed vehicle leaves the job, without it; Reschedule may change it", async () => {
    const { second, customerId, truck } = await returningCustomer();
    const boat = await addVehicle(customerId, { kind: "Boat", make: "Bayliner", color: "White" });
    const job = await scheduleJob(db(), { from: await leadOrigin(db(), second.id), input: input(jobForm(businessDay(70), "09:00", { vehicleId: String(truck) })), actor: ADMIN, origin: ORIGIN });
    const moved = await rescheduleJob(db(), job.id, input(jobForm(businessDay(70), "09:00", { vehicleId: String(boat) })), ADMIN, ORIGIN);
    expect(moved.vehicle).toEqual({ id: boat, label: "Bayliner (Boat, White)" });
    await db().deleteFrom("vehicles").where("id", "=", boat).execute();
    expect((await getJob(db(), job.id)).vehicle).toBeNull();
  });
});
