import { ClipboardCheck, FileText } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { LeadPhotos } from "~/components/leads/LeadPhotos";
import { INPUT } from "~/components/priced-documents/PricedLines";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { areasOf, CONDITION_PHOTO_FIELD, CONDITION_PHOTOS_MAX, conditionKind, conditionReportSchema, noteField } from "~/lib/condition-report";
import { showsFieldWork } from "~/lib/field-work";
import { formConstraint } from "~/lib/form-schema";
import type { JobStatus } from "~/lib/job-status";
import type { ConditionReportsPage } from "~/server/jobs/condition-report-view.server";
import { SignaturePadField } from "./SignaturePadField";

interface Props {
  job: { id: number; status: JobStatus; vehicleKind: string | null };
  reports: ConditionReportsPage;
  /** The refusal of the last post of this form: each field's message and what was typed. */
  failure?: { fields?: Record<string, string>; typed?: Record<string, string> };
}

const LABEL = "mb-1.5 block text-sm font-medium text-slate-800";
const ERROR = "mt-1 text-sm font-medium text-red-600";

/**
 * `Condition Report` on a job's page (issue 36, docs/decisions/0136): while
 * the job is worked on (showsFieldWork), the form: a note per area of the
 * vehicle, photos from the phone's camera, the customer's signature and
 * their agreement, `Save Condition Report` (one multipart POST, intent
 * condition_report, with the page's key). With JavaScript the customer signs
 * on a pad and their name is typed too; without it the typed name in
 * `Customer Signature` is the signature. Then the newest report saved, and
 * the earlier ones with their PDFs' SHA-256.
 */
export function ConditionReport({ job, reports, failure }: Props) {
  const live = showsFieldWork(job);
  if (!live && !reports.latest) return null;
  return (
    <section aria-labelledby="condition-report-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="condition-report-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ClipboardCheck aria-hidden className="size-5 text-brand-700" />
        Condition Report
      </h3>
      {reports.latest && <SavedReport report={reports.latest} />}
      {/* A new form (and a new key) after each save; once a report is saved, folded away until wanted (a native <details>, no script needed). */}
      {live &&
        (reports.latest ? (
          <details open={failure !== undefined} className="mt-4 rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">New condition report</summary>
            <ReportForm key={reports.key} jobId={job.id} vehicleKind={job.vehicleKind} reportKey={reports.key} again failure={failure} />
          </details>
        ) : (
          <ReportForm key={reports.key} jobId={job.id} vehicleKind={job.vehicleKind} reportKey={reports.key} again={false} failure={failure} />
        ))}
      {reports.earlier.length > 0 && (
        <>
          <h4 className="mt-5 text-sm font-semibold text-slate-900">Earlier reports</h4>
          <ul className="mt-2 space-y-3 text-sm">
            {reports.earlier.map((report) => (
              <li key={report.id} className="rounded-lg bg-slate-50 p-3">
                <ReportLine report={report} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type Saved = NonNullable<ConditionReportsPage["latest"]>;

function ReportLine({ report }: { report: Pick<Saved, "signedName" | "drawn" | "at" | "by" | "sha256" | "pdfHref"> }) {
  return (
    <>
      <p className="text-slate-800">
        Signed by <span className="font-semibold">{report.signedName}</span> ({report.drawn ? "drawn signature and typed name" : "typed name"}),{" "}
        <time dateTime={report.at.iso} title={report.at.exact}>
          {report.at.exact}
        </time>
        {report.by && <span className="text-slate-600"> · saved by {report.by}</span>}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={report.pdfHref} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
          <FileText aria-hidden className="size-4" />
          View PDF<span className="sr-only"> of the report signed {report.at.exact}</span>
        </a>
        <span className="min-w-0 break-all text-xs text-slate-600">
          SHA-256 <code>{report.sha256}</code>
        </span>
      </p>
    </>
  );
}

function SavedReport({ report }: { report: Saved }) {
  return (
    <div className="mt-3">
      <ReportLine report={report} />
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {report.areas.map(({ area, note }) => (
          <div key={area} className="contents">
            <dt className="font-medium text-slate-600">{area}</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900">{note || <span className="text-slate-600 italic">No note.</span>}</dd>
          </div>
        ))}
      </dl>
      <LeadPhotos photos={report.photos} />
    </div>
  );
}

function ReportForm(props: { jobId: number; vehicleKind: string | null; reportKey: string; again: boolean; failure?: Props["failure"] }) {
  const { jobId, reportKey, again, failure } = props;
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const kind = conditionKind(props.vehicleKind);
  const constraint = formConstraint(conditionReportSchema(kind)) as Record<string, { required?: boolean; maxLength?: number }>;
  const errors = failure?.fields ?? {};
  const typed = failure?.typed ?? {};
  const invalid = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `condition-${name}-error` } : {});
  const message = (name: string) =>
    errors[name] && (
      <p id={`condition-${name}-error`} className={ERROR}>
        {errors[name]}
      </p>
    );
  return (
    <Form method="post" encType="multipart/form-data" action={`/admin/jobs/${jobId}`} noValidate className="mt-4 space-y-4">
      {/* First in the body: the server reads them before any photo arrives. */}
      <input type="hidden" name="intent" value="condition_report" />
      <input type="hidden" name="key" value={reportKey} />
      {again && <p className="text-sm text-slate-700">It records a new report; the one above stays, with its PDF.</p>}
      {errors.key && <p className={ERROR}>{errors.key}</p>}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{kind === "boat" ? "The boat, area by area" : "The vehicle, area by area"}</legend>
        {areasOf(kind).map((area) => {
          const name = noteField(area);
          return (
            <div key={area}>
              <label htmlFor={`condition-${name}`} className={LABEL}>
                {area}
              </label>
              <textarea
                id={`condition-${name}`}
                name={name}
                rows={2}
                maxLength={constraint[name]?.maxLength}
                defaultValue={typed[name] ?? ""}
                placeholder="Scratches, dents, chips, stains…"
                className={INPUT}
                {...invalid(name)}
              />
              {message(name)}
            </div>
          );
        })}
      </fieldset>
      <div>
        <label htmlFor="condition-photos" className={LABEL}>
          Condition Photos
        </label>
        <input
          id="condition-photos"
          type="file"
          name={CONDITION_PHOTO_FIELD}
          accept="image/*"
          capture="environment"
          multiple
          aria-describedby={errors[CONDITION_PHOTO_FIELD] ? "condition-photos-help condition-photos-error" : "condition-photos-help"}
          aria-invalid={errors[CONDITION_PHOTO_FIELD] ? true : undefined}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800"
        />
        <p id="condition-photos-help" className="mt-1 text-sm text-slate-600">
          Up to {CONDITION_PHOTOS_MAX} photos of the damage found, from the camera.
          {failure && !hydrated && " A refused form keeps no photos: choose them again."}
        </p>
        {errors[CONDITION_PHOTO_FIELD] && (
          <p id="condition-photos-error" className={ERROR}>
            {errors[CONDITION_PHOTO_FIELD]}
          </p>
        )}
      </div>
      {hydrated && <SignaturePadField error={errors.signature} />}
      {!hydrated && errors.signature && <p className={ERROR}>{errors.signature}</p>}
      <div>
        <label htmlFor="condition-signed-name" className={LABEL}>
          {hydrated ? "Customer Name" : "Customer Signature"}
        </label>
        <input
          id="condition-signed-name"
          name="signed_name"
          type="text"
          autoComplete="off"
          required={constraint.signed_name?.required}
          maxLength={constraint.signed_name?.maxLength}
          defaultValue={typed.signed_name ?? ""}
          aria-describedby={errors.signed_name ? "condition-signed_name-help condition-signed_name-error" : "condition-signed_name-help"}
          aria-invalid={errors.signed_name ? true : undefined}
          className={INPUT}
        />
        <p id="condition-signed_name-help" className="mt-1 text-sm text-slate-600">
          {hydrated ? "The customer's full name, as they signed." : "The customer types their full name: it is their signature."}
        </p>
        {message("signed_name")}
      </div>
      <div>
        <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
          <input
            type="checkbox"
            name="agreed"
            value="yes"
            required={constraint.agreed?.required}
            defaultChecked={typed.agreed === "yes"}
            className="mt-0.5 size-4"
            {...invalid("agreed")}
          />
          The customer agrees this report is accurate
        </label>
        {message("agreed")}
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={busy}>
        <ClipboardCheck aria-hidden className="size-4" />
        Save Condition Report
      </button>
    </Form>
  );
}
