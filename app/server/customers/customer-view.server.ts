import { listHref, listPager, type ListQuery } from "~/lib/list-query";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { shownTime } from "~/lib/time-ago";
import { newestYear, OLDEST_YEAR, VEHICLE_KINDS } from "~/lib/vehicle-kinds";
import type { DB } from "../db.server";
import { CUSTOMERS_LIST, listCustomers } from "./customer-list.server";
import { listVehicles, type Customer } from "./customers.server";
import { mergeCandidates, mergePreview } from "./merge.server";
import { customerTimeline } from "./timeline.server";

/**
 * What /admin/customers and /admin/customers/{id} show, built on the server,
 * every time already in words (so the browser's hydration shows the same).
 */

export const CUSTOMERS_PATH = "/admin/customers";
export const customersHref = (query: ListQuery) => listHref(CUSTOMERS_PATH, CUSTOMERS_LIST, query);

export async function customersView(db: DB, query: ListQuery, now: Date, timeZone: string) {
  const page = await listCustomers(db, query);
  return {
    q: query.q,
    sort: query.sort,
    total: page.total,
    customers: page.customers.map(({ created_at, phone_e164, phone_ext, ...c }) => ({
      ...c,
      /** As shown, from its number (docs/decisions/0108). */
      phone: formatPhone({ phone: c.phone, e164: phone_e164, ext: phone_ext }),
      since: shownTime(created_at, now, timeZone),
    })),
    pager: listPager(CUSTOMERS_PATH, CUSTOMERS_LIST, query, page.total),
  };
}

/** `merge.q` searches for the record to merge; `merge.confirm` is the one chosen (its number, as typed), to confirm first. */
/** The page of `customer` (read by the caller, who redirects a merged one). */
export async function customerView(db: DB, customer: Customer, merge: { q: string; confirm: string }, now: Date, timeZone: string, confirmErase = false) {
  const id = customer.id;
  const [vehicles, timeline, candidates, preview] = await Promise.all([
    listVehicles(db, id),
    customerTimeline(db, id),
    mergeCandidates(db, id, merge.q),
    merge.confirm ? mergePreview(db, id, merge.confirm) : null,
  ]);
  const { createdAt, erasedAt, ...details } = customer;
  return {
    customer: { ...details, since: shownTime(createdAt, now, timeZone), erased: erasedAt && shownTime(erasedAt, now, timeZone) },
    vehicles,
    timeline: timeline.entries.map((entry) => ({ ...entry, at: shownTime(entry.at, now, timeZone) })),
    lifetimeValue: formatCents(timeline.lifetimeValueCents),
    merge: { q: merge.q, candidates, typed: merge.confirm, preview },
    confirmErase,
    vehicleKinds: [...VEHICLE_KINDS],
    years: { oldest: OLDEST_YEAR, newest: newestYear(now) },
  };
}

export type CustomersView = Awaited<ReturnType<typeof customersView>>;
export type CustomerPageView = Awaited<ReturnType<typeof customerView>>;
export type CustomerTimelineItem = CustomerPageView["timeline"][number];

export type CustomerIntent = "contact" | "add-vehicle" | "remove-vehicle" | "merge" | "erase" | "start-plan" | "statement";

/** A refused post: which form, why, each wrong field's message and what was typed (shown again). */
export interface CustomerActionFailure {
  intent: CustomerIntent | "";
  error: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}
