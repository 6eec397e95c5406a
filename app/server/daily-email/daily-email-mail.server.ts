import { dayAndTime, longDay } from "~/lib/job-time";
import { mapHref } from "~/lib/map-link";
import { formatCents } from "~/lib/money";
import type { BusinessSettings } from "~/lib/site-settings";
import { startOfDayIn } from "~/lib/time-zone";
import { renderCustomerEmail, type Block, type ListItem } from "../customer-email.server";
import type { WorkSource } from "../customers/work-origin.server";
import { env } from "../env.server";
import type { Email } from "../mail.server";
import { configuredOrigin } from "../site-url.server";
import type { DigestBooking, DigestContent } from "./daily-email-content.server";

/**
 * The owners' daily e-mail (issue 38, docs/decisions/0153), `Today at
 * {Business Name}`: drawn as every e-mail of the site is
 * (../customer-email.server.tsx), HTML with a plain-text part written from the
 * same blocks. Links into the dashboard are absolute from APP_URL only (never
 * from a Host header); without it the e-mail names the pages instead.
 */

export const dailySubject = (settings: Pick<BusinessSettings, "businessName">) => `Today at ${settings.businessName}`;

const SOURCE_WORDS: Record<WorkSource, string> = {
  quote_form: "From a quote request",
  online_booking: "Booked online",
  plan: "From a plan",
  owner: "Entered in the dashboard",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The most entries a list shows; the rest is one entry that counts them and
 * links to the dashboard's list. A day has a dozen jobs, but a backlog of
 * unpaid invoices or a burst of requests must not make an e-mail of megabytes.
 */
export const LIST_MAX = 25;

function atMost(items: ListItem[], more: (path: string) => { label: string; href: string }[], listPath: string): ListItem[] {
  if (items.length <= LIST_MAX) return items;
  return [...items.slice(0, LIST_MAX), { title: `…and ${items.length - LIST_MAX} more`, lines: [], links: more(listPath) }];
}

export function dailyEmail(content: DigestContent, to: { email: string; name: string }, settings: Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt">): Email {
  const tz = env().BUSINESS_TIME_ZONE;
  const origin = configuredOrigin();
  const page = (path: string) => (origin ? [{ label: "Open", href: `${origin}${path}` }] : []);
  const since = dayAndTime(content.since, tz);
  const { jobs, requests, bookings, cancellations, overdue } = content;
  const owedCents = overdue.reduce((sum, i) => sum + i.dueCents, 0);

  const blocks: Block[] = [
    {
      paragraph:
        `Here is ${longDay(startOfDayIn(content.day, tz), tz)}: ${plural(jobs.length, "job")}, ${plural(requests.length, "new request")}, ` +
        `${plural(bookings.length, "booking")} and ${plural(cancellations.length, "cancellation")} since ${since}, ` +
        `${plural(overdue.length, "invoice")} past due${overdue.length ? ` (${formatCents(owedCents)} owed)` : ""}.`,
    },
    ...(origin ? [{ button: { label: "Open Today", href: `${origin}/admin/today?date=${content.day}`, intro: "The day on your phone, with call, text and directions:" } }] : []),
    {
      list: {
        caption: `Today's jobs (${jobs.length})`,
        empty: "No jobs today.",
        items: jobs.map((job): ListItem => ({
          title: `${job.time}${job.part ? ` (${job.part})` : ""}: ${job.customer}`,
          lines: [
            ...(job.address ? [job.address] : []),
            [job.vehicle, ...job.work].filter(Boolean).join(" · "),
            ...(job.phone ? [`Phone: ${job.phone}`] : []),
            ...(job.assignee ? [`Assigned to ${job.assignee}`] : []),
          ].filter(Boolean),
          links: [...(job.address ? [{ label: "Directions", href: mapHref(job.address) }] : []), ...page(`/admin/jobs/${job.id}`).map((l) => ({ ...l, label: "Job" }))],
        })),
      },
    },
    {
      list: {
        caption: `New requests since ${since} (${requests.length})`,
        empty: "No new requests.",
        items: atMost(
          requests.map((r) => ({
            title: r.name,
            lines: [r.vehicleType, ...(r.address ? [r.address] : []), `Received ${dayAndTime(r.receivedAt, tz)}`].filter(Boolean),
            links: page(`/admin/leads/${r.id}`),
          })),
          page,
          "/admin/leads",
        ),
      },
    },
    { list: { caption: `Bookings since ${since} (${bookings.length})`, empty: "No new bookings.", items: atMost(bookings.map((b) => bookingItem(b, page)), page, "/admin/schedule") } },
    { list: { caption: `Cancellations since ${since} (${cancellations.length})`, empty: "No cancellations.", items: atMost(cancellations.map((b) => bookingItem(b, page)), page, "/admin/schedule") } },
    {
      list: {
        caption: `Unpaid invoices past due (${overdue.length})`,
        empty: "No invoice is past due.",
        items: atMost(
          overdue.map((i) => ({
            title: `Invoice #${i.number}: ${i.customer}`,
            lines: [`${formatCents(i.dueCents)} due, ${plural(i.daysOverdue, "day")} overdue`],
            links: page(`/admin/invoices/${i.id}`),
          })),
          page,
          "/admin/invoices?status=unpaid",
        ),
      },
    },
    {
      paragraph: origin
        ? `You get this e-mail at 7:00 each morning as an owner. To stop it, untick Send the daily e-mail in Business Settings: ${origin}/admin/settings`
        : "You get this e-mail at 7:00 each morning as an owner. To stop it, untick Send the daily e-mail in Business Settings (/admin/settings in the dashboard).",
    },
  ];
  const { html, text } = renderCustomerEmail({ name: to.name || "there", blocks, settings, origin });
  return { to: to.email, subject: dailySubject(settings), text, html };
}

function bookingItem(b: DigestBooking, page: (path: string) => { label: string; href: string }[]): ListItem {
  const cancelled = b.cancelledBy === "customer" ? "Cancelled by the customer" : b.cancelledBy === "owner" ? "Cancelled in the dashboard" : null;
  return { title: b.customer, lines: [b.when, cancelled ?? SOURCE_WORDS[b.source]], links: page(`/admin/jobs/${b.id}`) };
}
