import type { AppServer } from "../tests/helpers/app-server";
import type { SmtpSink } from "../tests/helpers/smtp";

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
