import { describe, expect, it } from "vitest";
import { cancelAppointmentSchema, UNSUBSCRIBE_HOW, unsubscribeSchema } from "./customer-page-forms";
import { parseFields } from "./form-schema";
import { newInvoiceSchema } from "./new-invoice";
import { addStaffSchema, STAFF_EMAIL_INVALID, STAFF_ROLE_INVALID } from "./staff-input";

// The small forms' schemas: what each takes and the words of its refusal.
describe("the small forms", () => {
  it("Cancel Appointment wants its box ticked", () => {
    expect(parseFields(cancelAppointmentSchema, { confirm: "yes" }).ok).toBe(true);
    expect(parseFields(cancelAppointmentSchema, {})).toEqual({ ok: false, errors: { confirm: "Tick “Yes, cancel my appointment” to cancel it." } });
  });

  it("Unsubscribe takes the button or the RFC 8058 one-click body", () => {
    expect(parseFields(unsubscribeSchema, { intent: "unsubscribe" }).ok).toBe(true);
    expect(parseFields(unsubscribeSchema, { "List-Unsubscribe": "One-Click" }).ok).toBe(true);
    expect(parseFields(unsubscribeSchema, { "List-Unsubscribe": "yes" })).toEqual({ ok: false, errors: { "": UNSUBSCRIBE_HOW } });
  });

  it("Add Staff takes an address (lower case) and a role", () => {
    expect(parseFields(addStaffSchema, { email: " New.Tech@Example.com ", role: "technician" })).toEqual({ ok: true, input: { email: "new.tech@example.com", role: "technician" } });
    expect(parseFields(addStaffSchema, { email: "x@y", role: "boss" })).toEqual({ ok: false, errors: { email: STAFF_EMAIL_INVALID, role: STAFF_ROLE_INVALID } });
  });

  it("Create Invoice is from a job, or else a lead", () => {
    expect(parseFields(newInvoiceSchema, { job_id: "4", lead_id: "9", another: "yes" })).toEqual({ ok: true, input: { jobId: 4, another: true } });
    expect(parseFields(newInvoiceSchema, { job_id: "x", lead_id: "9" })).toEqual({ ok: true, input: { leadId: 9 } });
    expect(parseFields(newInvoiceSchema, {})).toEqual({ ok: false, errors: { "": "job_id or lead_id must be the id of a job or a lead" } });
  });
});
