import { formatCents } from "~/lib/money";
import type { BusinessSettings } from "~/lib/site-settings";
import { renderCustomerEmail, type Block } from "../customer-email.server";
import type { Email } from "../mail.server";
import { heldUntilText, isWaiting, type JobDeposit } from "./deposit-records.server";
import { jobInvite } from "./job-ical.server";
import { appointmentLink, appointmentWhen } from "./job-mail.server";
import type { Job } from "./job-records.server";
import { jobPageLink } from "./owner-alerts.server";

/**
 * What the e-mails say of a deposit (docs/decisions/0132): the lines that
 * join the customer's confirmation (and a change or reminder) while the
 * booking waits for it, the owner's line in `New booking:`, and the e-mails of
 * its two ends: `Deposit received:` to the customer, `Booking released:` to
 * the customer (with the invite's METHOD:CANCEL and a link to book again) and
 * to the owner.
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "publicEmail" | "notifyEmail" | "paymentInstructions">;

/** The customer's deposit lines while the booking waits for it: the amount, until when the time is held, how to pay. None otherwise. */
export function depositDueBlocks(deposit: JobDeposit | undefined, job: Pick<Job, "status">, settings: Pick<Settings, "phone" | "paymentInstructions">, now = new Date()): Block[] {
  if (!deposit || !isWaiting(deposit, job, now)) return [];
  const instructions = settings.paymentInstructions.trim();
  return [
    {
      paragraph: `Deposit due: ${formatCents(deposit.amountCents)}. We hold this time for you until ${heldUntilText(deposit)}; if your deposit has not reached us by then, the time is released for other customers.`,
    },
    { paragraph: instructions ? `How to pay the deposit:\n${instructions}` : `To pay the deposit, reply to this e-mail or call us at ${settings.phone}.` },
  ];
}

/** The owner's line in `New booking:` while the booking waits for its deposit. */
export function depositOwnerLines(deposit: JobDeposit | undefined, job: Job, now = new Date()): string[] {
  if (!deposit || !isWaiting(deposit, job, now)) return [];
  return [
    "",
    `Deposit: ${formatCents(deposit.amountCents)} due. The booking is held until ${heldUntilText(deposit)}: record the deposit on the job's page when it arrives, or the time is released then and ${job.customer.name} told.`,
  ];
}

/** `Deposit received:` the customer's receipt: the booking stands, no longer on hold. */
export function depositReceivedEmail(job: Job, deposit: JobDeposit, settings: Settings, origin: string | undefined): Email {
  const when = appointmentWhen(job);
  return {
    to: job.customer.email,
    replyTo: settings.notifyEmail,
    subject: `Deposit received: ${when}`,
    ...renderCustomerEmail({
      name: job.customer.name,
      settings,
      origin,
      blocks: [
        { paragraph: `Thank you: we received your deposit of ${formatCents(deposit.amountCents)}. Your appointment with ${settings.businessName} is no longer on hold; the time is yours.` },
        {
          table: {
            rows: [
              { label: "When", value: when },
              { label: "Where", value: job.address },
              { label: "Deposit", value: `${formatCents(deposit.amountCents)}${deposit.method ? ` (${deposit.method})` : ""}` },
            ],
          },
        },
        { button: { label: "View Your Appointment", href: appointmentLink(origin, job.token), intro: "Your appointment, to add to your calendar or to cancel:" } },
        { paragraph: `Questions? Reply to this e-mail or call us at ${settings.phone}.` },
      ],
    }),
  };
}

/**
 * `Booking released:` the customer's: no deposit arrived while the time was
 * held, so the booking is cancelled (the invite removes it from their
 * calendar) and the time offered to others; a link to book again.
 */
export function bookingReleasedEmail(job: Job, deposit: JobDeposit, settings: Settings, origin: string | undefined): Email {
  const when = appointmentWhen(job);
  const link = appointmentLink(origin, job.token);
  return {
    to: job.customer.email,
    replyTo: settings.notifyEmail,
    subject: `Booking released: ${when}`,
    ...renderCustomerEmail({
      name: job.customer.name,
      settings,
      origin,
      blocks: [
        {
          paragraph: [
            `We held your booking with ${settings.businessName} until ${heldUntilText(deposit)} for its deposit of ${formatCents(deposit.amountCents)}, but no deposit reached us, so the time has been released and the booking is cancelled.`,
            "The attached update removes it from your calendar.",
          ].join("\n"),
        },
        { table: { rows: [{ label: "Was", value: when }, { label: "Where", value: job.address }] } },
        { button: { label: "Book Again", href: `${origin ?? ""}/book`, intro: "Still want your detail? Choose a new time online:" } },
        { paragraph: `Already paid, or want this time back? Reply to this e-mail or call us at ${settings.phone}.` },
      ],
    }),
    attachments: [jobInvite(job, settings, link)],
  };
}

/** `Booking released:` the owner's: which booking, why, and that the time is free again. */
export function bookingReleasedOwnerEmail(job: Job, deposit: JobDeposit, settings: Pick<Settings, "notifyEmail">): Email {
  const when = appointmentWhen(job);
  return {
    to: settings.notifyEmail,
    replyTo: job.customer.email,
    subject: `Booking released: ${job.customer.name}, ${when}`,
    text: [
      `${job.customer.name}'s booking was released: its deposit of ${formatCents(deposit.amountCents)} was not recorded by ${heldUntilText(deposit)}.`,
      "",
      `When:    ${when}`,
      `Where:   ${job.address}`,
      `Phone:   ${job.customer.phone}`,
      `Email:   ${job.customer.email}`,
      "",
      `The job is cancelled and the time is free again. ${job.customer.name} was e-mailed that the time was released, with a link to book again.`,
      `Open the job: ${jobPageLink(job.id)}`,
    ].join("\n"),
  };
}
