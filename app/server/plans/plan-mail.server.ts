import { cadenceTitle, planPriceTitle } from "~/lib/plans";
import type { BusinessSettings } from "~/lib/site-settings";
import { renderCustomerEmail } from "../customer-email.server";
import type { Email } from "../mail.server";
import { configuredOrigin } from "../site-url.server";
import { jobInvite } from "../jobs/job-ical.server";
import { appointmentLink, appointmentWhen } from "../jobs/job-mail.server";
import type { Job } from "../jobs/job-records.server";
import type { CustomerPlan } from "./plan-records.server";

/**
 * A plan's e-mails (docs/decisions/0145). The customer's: one e-mail listing
 * the visits just placed, with one invite per visit (each the visit's own
 * job invite, its UID and SEQUENCE, so a skip or a move updates that one
 * event), and the link to /plans/{token}. The owner's: what the customer did
 * alone on their plan's page.
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "publicEmail" | "notifyEmail">;

export const planLink = (origin: string | undefined, token: string) => `${origin ?? ""}/plans/${token}`;

/** `started`: Start a Plan's first visits; `more`: the background runner's top-up. */
export function planVisitsEmail(kind: "started" | "more", cp: CustomerPlan, visits: Job[], settings: Settings, origin: string | undefined): Email {
  const link = planLink(origin, cp.token);
  const subject = kind === "started" ? `Your plan has started: ${cp.plan.name}` : `Your next plan visits: ${cp.plan.name}`;
  const opening =
    kind === "started"
      ? `Your ${cp.plan.name} plan with ${settings.businessName} has started: ${cadenceTitle(cp.plan.cadence).toLowerCase()}, ${planPriceTitle(cp)}. Your visits are booked for these times; an invite for each is attached for your calendar.`
      : `The next visits of your ${cp.plan.name} plan with ${settings.businessName} are booked for these times; an invite for each is attached for your calendar.`;
  return {
    to: cp.customer.email,
    replyTo: settings.notifyEmail,
    subject,
    ...renderCustomerEmail({
      name: cp.customer.name,
      settings,
      origin,
      blocks: [
        { paragraph: opening },
        { table: { caption: "Your visits", rows: visits.map((job, i) => ({ label: `Visit ${i + 1}`, value: appointmentWhen(job) })) } },
        ...(cp.address ? [{ table: { rows: [{ label: "Where", value: cp.address }] } }] : []),
        { button: { label: "View Your Plan", href: link, intro: "Your plan, to skip a visit, pause or cancel:" } },
        { paragraph: `Questions? Reply to this e-mail or call us at ${settings.phone}.` },
      ],
    }),
    attachments: visits.map((job, i) => ({ ...jobInvite(job, settings, appointmentLink(origin, job.token)), filename: `visit-${i + 1}.ics` })),
  };
}

/** The owner's word of what the customer did on their plan's page. */
export function planOwnerEmail(what: "skipped" | "paused" | "cancelled", cp: CustomerPlan, detail: string, settings: Settings): Email {
  const verb = { skipped: "Plan visit skipped by", paused: "Plan paused by", cancelled: "Plan cancelled by" }[what];
  const origin = configuredOrigin();
  const page = origin ? `${origin}/admin/customers/${cp.customerId}` : `/admin/customers/${cp.customerId} in the dashboard`;
  return {
    to: settings.notifyEmail,
    replyTo: cp.customer.email || undefined,
    subject: `${verb} ${cp.customer.name}: ${cp.plan.name}`,
    text: [`${cp.customer.name} ${what === "skipped" ? "skipped a visit of" : what} their ${cp.plan.name} plan on their plan page.`, "", detail, "", `Their page: ${page}`].join("\n"),
  };
}
