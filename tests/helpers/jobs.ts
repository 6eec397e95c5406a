import ICAL from "ical.js";
import type { JobForm } from "~/lib/job-input";
import type { LeadStatus } from "~/lib/lead-status";
import { addDays, dayIn } from "~/lib/time-zone";
import type { DB } from "~/server/db.server";
import { env } from "~/server/env.server";

let n = 0;

/** A lead to schedule jobs for; its name is unique, so a refusal naming it can be told apart. */
export async function insertJobLead(db: DB, values: { name?: string; email?: string; phone?: string; status?: LeadStatus; serviceAddress?: string } = {}) {
  const i = ++n;
  const name = values.name ?? `Job Customer ${i}-${process.pid}`;
  const row = await db
    .insertInto("quote_requests")
    .values({
      name,
      email: values.email ?? `job${i}-${process.pid}@example.com`,
      phone: values.phone ?? "(616) 555-0177",
      vehicle_type: "Sedan",
      message: "Full detail, please.",
      status: values.status ?? "contacted",
      service_address: values.serviceAddress ?? "",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/** The business's day `days` from today (YYYY-MM-DD). */
export const businessDay = (days: number) => addDays(dayIn(new Date(), env().BUSINESS_TIME_ZONE), days);

/** The Schedule Job form as posted. */
export function jobForm(date: string, startTime: string, rest: Partial<JobForm> = {}): JobForm {
  return { date, startTime, durationMinutes: "120", address: "12 Main St, Grand Rapids, MI", notes: "", vehicleId: "", ...rest };
}

/** An invite (or calendar file) read back by a real iCalendar parser. */
export function readInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("The calendar has no VEVENT");
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    timeZone: calendar.getFirstPropertyValue("x-wr-timezone"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    status: vevent.getFirstPropertyValue("status"),
  };
}
