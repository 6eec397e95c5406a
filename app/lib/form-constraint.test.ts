import { describe, expect, test } from "vitest";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./email";
import { BOOKING_CONSTRAINT } from "./booking-input";
import { CONTACT_CONSTRAINT, VEHICLE_CONSTRAINT } from "./customer-input";
import { CANCEL_APPOINTMENT_CONSTRAINT } from "./customer-page-forms";
import { formConstraint, optionalText, trimmed } from "./form-schema";
import { JOB_ADDRESS_MAX, JOB_CONSTRAINT, JOB_DURATION_MAX_MINUTES, JOB_NOTES_MAX } from "./job-input";
import { LEAD_NOTE_CONSTRAINT, LEAD_STATUS_CONSTRAINT } from "./lead-input";
import { LOST_REASON_MAX, NOTE_MAX } from "./lead-status";
import { PAYMENT_NOTE_MAX, paymentSchema } from "./payment-input";
import { DESCRIPTION_MAX, NAME_MAX, PRICE_BOOK_CONSTRAINT } from "./price-book";
import { DESCRIPTION_MAX as LINE_DESCRIPTION_MAX, LINE_CONSTRAINT, MAX_QUANTITY } from "./priced-lines";
import { REVIEW_CONSTRAINT } from "./review-input";
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX } from "./review-limits";
import { ADD_STAFF_CONSTRAINT } from "./staff-input";
import { TOKEN_NAME_MAX } from "./api-tokens";
import { tokenSchema } from "./token-input";

// What each form's inputs take from its schema (docs/decisions/0118): the
// attributes the browser checks before the action checks the same schema.
describe("formConstraint", () => {
  test("reads required, lengths and bounds through trimmed, optional, pipes and transforms", () => {
    const schema = z
      .object({
        name: trimmed(z.string().min(2).max(10)),
        note: optionalText(50, "too long"),
        count: trimmed(z.string()).transform(Number).pipe(z.number().min(1).max(9)),
        any: z.coerce.number(),
        kind: z.enum(["a", "b"]),
      })
      .refine(() => true)
      .transform((form) => form);
    expect(formConstraint(schema)).toEqual({
      name: { required: true, minLength: 2, maxLength: 10 },
      note: { required: false, maxLength: 50 },
      count: { required: true, min: 1, max: 9 },
      any: { required: true },
      kind: { required: true, pattern: "a|b" },
    });
  });

  test("Contact Details and Add Vehicle", () => {
    expect(CONTACT_CONSTRAINT).toEqual({
      name: { required: true, minLength: 1, maxLength: 100 },
      email: { required: false, maxLength: EMAIL_MAX_LENGTH },
      phone: { required: false, maxLength: 30 },
      notes: { required: false, maxLength: 2000 },
    });
    expect(VEHICLE_CONSTRAINT).toMatchObject({
      kind: { required: true },
      make: { required: false, maxLength: 60 },
      model: { required: false, maxLength: 60 },
      year: { required: false },
      color: { required: false, maxLength: 40 },
      vehicleNotes: { required: false, maxLength: 1000 },
    });
  });

  test("the review form", () => {
    expect(REVIEW_CONSTRAINT).toEqual({
      stars: { required: true },
      text: { required: false, maxLength: REVIEW_TEXT_MAX },
      displayName: { required: false, maxLength: REVIEW_NAME_MAX },
      consent: { required: false },
    });
  });

  test("the lead's note and Lost reason", () => {
    expect(LEAD_NOTE_CONSTRAINT.note).toMatchObject({ required: true, maxLength: NOTE_MAX });
    expect(LEAD_STATUS_CONSTRAINT.reason).toEqual({ required: false, maxLength: LOST_REASON_MAX });
  });

  test("Create a token, Add Staff, Record Payment", () => {
    const token = formConstraint(tokenSchema("2026-01-01"));
    expect(token.name).toMatchObject({ required: true, maxLength: TOKEN_NAME_MAX });
    expect(token.expires.required).toBe(true);
    expect(ADD_STAFF_CONSTRAINT).toEqual({ email: { required: true }, role: { required: true, pattern: "owner|technician" } });
    const payment = formConstraint(paymentSchema("2026-01-01", 100));
    expect(payment).toMatchObject({ amount: { required: true }, method: { required: true }, date: { required: true }, note: { required: false, maxLength: PAYMENT_NOTE_MAX } });
  });

  test("the customer's pages: Book This Time and Cancel Appointment", () => {
    expect(BOOKING_CONSTRAINT).toEqual({ start: { required: true }, address: { required: true, minLength: 1, maxLength: JOB_ADDRESS_MAX } });
    expect(CANCEL_APPOINTMENT_CONSTRAINT).toEqual({ confirm: { required: true } });
  });

  test("the job form", () => {
    expect(JOB_CONSTRAINT).toMatchObject({
      durationMinutes: { required: true, min: 1, max: JOB_DURATION_MAX_MINUTES },
      address: { required: true, maxLength: JOB_ADDRESS_MAX },
      notes: { required: false, maxLength: JOB_NOTES_MAX },
    });
  });

  test("the price book's forms", () => {
    const name = { required: true, minLength: 1, maxLength: NAME_MAX };
    expect(PRICE_BOOK_CONSTRAINT.vehicleClass).toMatchObject({ name, perFoot: { required: false } });
    expect(PRICE_BOOK_CONSTRAINT.package).toMatchObject({ name, description: { required: false, maxLength: DESCRIPTION_MAX } });
    expect(PRICE_BOOK_CONSTRAINT.addOn).toMatchObject({ name, price: { required: true, minLength: 1 }, duration: { required: true, minLength: 1 } });
    expect(PRICE_BOOK_CONSTRAINT.surcharges).toMatchObject({ light: { required: true }, moderate: { required: true }, heavy: { required: true } });
    expect(PRICE_BOOK_CONSTRAINT.travelZone).toMatchObject({ upToMiles: { required: true }, fee: { required: true } });
  });

  test("a priced document's lines (an estimate's, an invoice's)", () => {
    expect(LINE_CONSTRAINT).toEqual({
      description: { required: true, minLength: 1, maxLength: LINE_DESCRIPTION_MAX },
      quantity: { required: true, min: 1, max: MAX_QUANTITY },
      unitPrice: { required: true, minLength: 1 },
      serviceId: { required: false },
    });
  });
});
