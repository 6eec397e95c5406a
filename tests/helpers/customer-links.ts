import type { AppServer } from "./app-server";
import type { ReceivedMail, SmtpSink } from "./smtp";

/*
 * The customer's pages as the business makes them, through the production
 * server's own routes (a new database has none): for the benches that measure
 * them and the test that checks they ship no JavaScript.
 */

/**
 * A sent estimate made as the owner makes one, through the production
 * server's own routes (a new database has none): a lead added through the
 * table API, `Create Estimate` (POST /admin/estimates), then the editor's
 * `Send Estimate` with three lines (POST /admin/estimates/{id}, intent=send:
 * saved, priced and sent in the app's one path). The customer's address is
 * the link in the e-mail that reaches `smtp`. `cookie` is an administrator's session.
 */
export async function sentEstimatePath(app: AppServer, smtp: SmtpSink, cookie: string): Promise<string> {
  const email = `customer-${Date.now()}@bench.example`;
  const lead = await app.fetch("/api/tables/quote_requests", {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: "Jordan Example", email, phone: "6165550188", vehicle_type: "SUV", message: "Full detail before we sell it." }),
  });
  if (lead.status !== 201) throw new Error(`new lead answered ${lead.status}: ${await lead.text()}`);
  const { id: leadId } = (await lead.json()) as { id: number };

  const created = await app.fetch("/admin/estimates", { method: "POST", headers: { cookie }, body: new URLSearchParams({ leadId: String(leadId) }) });
  const editor = created.headers.get("location");
  if (created.status !== 303 || !editor) throw new Error(`Create Estimate answered ${created.status}: ${await created.text()}`);

  const form = new URLSearchParams({ intent: "send", durationMinutes: "300", validUntil: "2099-12-31", message: "Thanks for asking! We bring our own water and power." });
  for (const [description, quantity, unitPrice] of [
    ["Full interior detail", "1", "189.00"],
    ["Exterior wash, clay and wax", "1", "149.00"],
    ["Headlight restoration", "2", "89.00"],
  ]) {
    form.append("description", description!);
    form.append("quantity", quantity!);
    form.append("unitPrice", unitPrice!);
    form.append("serviceId", "");
  }
  const sent = await app.fetch(editor, { method: "POST", headers: { cookie }, body: form });
  if (sent.status !== 303 || !sent.headers.get("location")?.endsWith("?done=sent")) throw new Error(`Send Estimate answered ${sent.status}: ${await sent.text()}`);

  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Estimate #"));
  const link = /https?:\/\/\S+(\/estimates\/[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!link) throw new Error(`No estimate link in the e-mail:\n${mail.text}`);
  return link[1]!;
}

/** The customer's links of one business's day, each a path on the server. */
export interface CustomerLinks {
  estimate: string;
  appointment: string;
  invoice: string;
  review: string;
  unsubscribe: string;
  /** A maintenance plan's page (docs/decisions/0145). */
  plan: string;
}

/** The path of the first link in the e-mail's text to `/{prefix}/{token}`. */
function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = new RegExp(`https?://\\S+(/${prefix}/[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!link) throw new Error(`No /${prefix} link in the e-mail "${mail.subject}":\n${mail.text}`);
  return link[1]!;
}

/** The business's day `days` from today where the server is (YYYY-MM-DD in `timeZone`). */
function businessDay(days: number, timeZone: string): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * One of each customer page, made as the owner makes them: a sent estimate
 * (sentEstimatePath); a job scheduled a month ahead (Schedule Job, its
 * confirmation's link to the appointment); that job's invoice (Create
 * Invoice, Send Invoice); and a job of today marked done, whose review
 * request (REVIEW_REQUEST_MINUTES after, at the next background tick) links
 * the review and the unsubscribe page. Start the server with `SMTP_URL` to
 * `smtp`, `APP_URL` (withAppUrl: the review request is sent in the
 * background, where only APP_URL gives links), a small REVIEW_REQUEST_MINUTES
 * (0.01) and `BUSINESS_TIME_ZONE` as passed here; `cookie` is an administrator's.
 */
export async function customerLinks(app: AppServer, smtp: SmtpSink, cookie: string, timeZone = "America/Detroit"): Promise<CustomerLinks> {
  const estimate = await sentEstimatePath(app, smtp, cookie);
  const post = async (pathname: string, fields: Record<string, string>) => {
    const res = await app.fetch(pathname, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });
    const location = res.headers.get("location");
    if (res.status !== 303 || !location) throw new Error(`POST ${pathname} answered ${res.status}: ${await res.text()}`);
    return location;
  };
  // Each job a customer of its own (its own phone too): a customer matched by phone keeps its record's e-mail (docs/decisions/0110).
  const job = async (email: string, phone: string, days: number) => {
    const lead = await app.fetch("/api/tables/quote_requests", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Casey Example", email, phone, vehicle_type: "Sedan", message: "Interior and exterior.", service_address: "12 Lake Dr, Grand Rapids, MI" }),
    });
    if (lead.status !== 201) throw new Error(`new lead answered ${lead.status}: ${await lead.text()}`);
    const { id } = (await lead.json()) as { id: number };
    const page = await post("/admin/jobs/new", { lead: String(id), date: businessDay(days, timeZone), startTime: "10:00", durationMinutes: "120", address: "12 Lake Dr, Grand Rapids, MI", notes: "", vehicleId: "" });
    const confirmed = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Appointment confirmed"));
    return { page, appointment: linkIn(confirmed, "appointments") };
  };
  const stamp = Date.now();

  const ahead = await job(`appointment-${stamp}@bench.example`, "6165550142", 30);
  const invoiceEmail = `appointment-${stamp}@bench.example`;
  const editor = await post("/admin/invoices/new", { job_id: /\/admin\/jobs\/(\d+)$/.exec(ahead.page)![1]! });
  await post(editor, { intent: "send", message: "Thank you!", description: "Full detail", quantity: "1", unitPrice: "249.00", serviceId: "" });
  const invoiceMail = await smtp.waitFor((m) => m.to.includes(invoiceEmail) && m.subject.startsWith("Invoice #"));
  // Its work begun and its condition report signed (issue 36): the appointment page shows the report and links its PDF.
  await post(ahead.page, { intent: "start" });
  await post(ahead.page, { intent: "condition_report", key: `links-${stamp}`, note_front: "A chip in the windshield", signature: "", signed_name: "Casey Example", agreed: "yes" });

  // A maintenance plan started for that customer (Plans, then Start a Plan): its e-mail links the plan's page.
  const planSaved = await post("/admin/plans", { intent: "plan", name: `Links Wash ${stamp}`, cadence: "weekly:2", billing: "per_visit", price: "49", discountPercent: "0", maxPauseWeeks: "4" });
  const found = await (await app.fetch(`/admin/customers?q=${encodeURIComponent(invoiceEmail)}`, { headers: { cookie } })).text();
  const customerId = /\/admin\/customers\/(\d+)/.exec(found)?.[1];
  if (!customerId) throw new Error(`No customer found for ${invoiceEmail}`);
  await post(`/admin/customers/${customerId}`, { intent: "start-plan", plan: /#plan-(\d+)$/.exec(planSaved)![1]!, vehicleId: "", startDate: businessDay(40, timeZone), startTime: "09:00", durationMinutes: "60", address: "12 Lake Dr, Grand Rapids, MI" });
  const planMail = await smtp.waitFor((m) => m.to.includes(invoiceEmail) && m.subject.startsWith("Your plan has started:"));

  const reviewEmail = `review-${stamp}@bench.example`;
  const today = await job(reviewEmail, "6165550143", 0);
  await post(today.page, { intent: "done" });
  // The background tick (every 15 s) queues the request once it is due.
  const request = await smtp.waitFor((m) => m.to.includes(reviewEmail) && m.subject.startsWith("How did we do"), 60_000);

  return {
    estimate,
    appointment: ahead.appointment,
    invoice: linkIn(invoiceMail, "invoices"),
    review: linkIn(request, "reviews"),
    unsubscribe: linkIn(request, "unsubscribe"),
    plan: linkIn(planMail, "plans"),
  };
}
