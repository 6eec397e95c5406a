import { Form } from "react-router";
import { primaryButton } from "~/components/ui/button";
import type { CustomerActionFailure, CustomerPageView } from "~/server/customers/customer-view.server";
import { CONTACT_CONSTRAINT } from "~/lib/customer-input";
import { panelClass } from "./field-style";
import { TextField } from "./TextField";

/** The contact details: one plain POST form (intent=contact); a refusal shows each field's message and what was typed. */
export function ContactForm({ customer, failure }: { customer: CustomerPageView["customer"]; failure?: CustomerActionFailure }) {
  const value = (name: "name" | "email" | "phone" | "notes") => failure?.values?.[name] ?? customer[name];
  const fields = failure?.fields ?? {};
  return (
    <section aria-labelledby="contact-heading" className={panelClass}>
      <h3 id="contact-heading" className="text-lg font-semibold text-slate-900">
        Contact Details
      </h3>
      {failure && !failure.fields && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure.error}
        </p>
      )}
      {failure?.fields && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Please correct the fields marked below.
        </p>
      )}
      <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="contact" />
        <TextField id="customer-name" name="name" label="Name" defaultValue={value("name")} error={fields.name} constraint={CONTACT_CONSTRAINT.name} autoComplete="name" />
        <TextField id="customer-email" name="email" label="Email" type="email" defaultValue={value("email")} error={fields.email} constraint={CONTACT_CONSTRAINT.email} autoComplete="email" />
        <TextField id="customer-phone" name="phone" label="Phone" type="tel" defaultValue={value("phone")} error={fields.phone} constraint={CONTACT_CONSTRAINT.phone} autoComplete="tel" />
        <div className="sm:col-span-2">
          <TextField id="customer-notes" name="notes" label="Notes" multiline defaultValue={value("notes")} error={fields.notes} constraint={CONTACT_CONSTRAINT.notes} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton}>
            Save Contact Details
          </button>
        </div>
      </Form>
    </section>
  );
}
