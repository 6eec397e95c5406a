import type { LeadView } from "~/server/leads/lead-view.server";
import { ContactLinks } from "./ContactLinks";
import { LeadPhotos } from "./LeadPhotos";
import { mapHref } from "~/lib/map-link";

const linkClass = "font-medium break-all text-brand-700 underline-offset-2 hover:underline";

/** Who asked, how to reach them, what for and when; the message exactly as they wrote it. */
export function LeadDetails({ lead }: { lead: LeadView }) {
  return (
    <section aria-labelledby="request-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="request-heading" className="sr-only">
        Request
      </h3>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label="Email">
          <a href={`mailto:${lead.email}`} className={linkClass}>
            {lead.email}
          </a>
        </Detail>
        <Detail label="Phone">
          {lead.phoneView.tel ? (
            <a href={lead.phoneView.tel} className={linkClass}>
              {lead.phoneView.text}
            </a>
          ) : (
            lead.phoneView.text
          )}
        </Detail>
        <Detail label="Vehicle type">{lead.vehicle_type}</Detail>
        {lead.service_address && (
          <Detail label="Service address">
            {lead.service_address}{" "}
            <a href={mapHref(lead.service_address)} target="_blank" rel="noopener noreferrer" className={linkClass}>
              Map<span className="sr-only"> of the service address</span>
            </a>
          </Detail>
        )}
        <Detail label="Received">
          <time dateTime={lead.received.iso}>{lead.received.exact}</time>{" "}
          <span className="text-slate-600">({lead.received.ago})</span>
        </Detail>
        {lead.responseTime && <Detail label="Response time">{lead.responseTime}</Detail>}
        {lead.status === "lost" && lead.lost_reason && <Detail label="Reason lost">{lead.lost_reason}</Detail>}
      </dl>
      <div className="mt-4">
        <ContactLinks id={lead.id} phone={lead.phoneView} email={lead.email} />
      </div>
      <h4 className="mt-5 text-sm font-semibold text-slate-900">Message</h4>
      {/* Read-only text, kept as typed (line breaks included), never an input. */}
      <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
        {lead.message || <span className="text-slate-600 italic">No message.</span>}
      </p>
      <LeadPhotos photos={lead.photos} />
    </section>
  );
}

/** The address on a map, in whatever maps app or site the device opens. */
function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
