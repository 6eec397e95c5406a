import type { SubmissionResult } from "@conform-to/react";
import { icon } from "./icons";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useActionData, useSearchParams } from "react-router";
import { quotePrefill } from "~/lib/quote-prefill";
import { HONEYPOT_FIELD, PHOTO_FIELD, QUOTE_PHOTOS_MAX, VEHICLE_TYPE_SUGGESTIONS, type QuoteFormReply } from "~/lib/quote-form";
import { Field, FORM_ID, inputClass, QUOTE_ANCHOR, type Errors, type FieldName } from "./QuoteField";
import { QuoteSuccess } from "./QuoteSuccess";
import { useSiteSettings } from "./use-site-settings";
import type { QuoteValidationState, Status } from "./QuoteValidation";

// Drawn with lucide's paths (./icons); here, as only this section uses them.
const CircleAlert = /* @__PURE__ */ icon("circle-alert", [["circle",{"cx":"12","cy":"12","r":"10"}],["line",{"x1":"12","x2":"12","y1":"8","y2":"12"}],["line",{"x1":"12","x2":"12.01","y1":"16","y2":"16"}]]);
const LoaderCircle = /* @__PURE__ */ icon("loader-circle", [["path",{"d":"M21 12a9 9 0 1 1-6.219-8.56"}]]);
const Send = /* @__PURE__ */ icon("send", [["path",{"d":"M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z"}],["path",{"d":"m21.854 2.147-10.94 10.939"}]]);

// conform + zod: loaded when the form comes near the screen (docs/decisions/0022).
const QuoteValidation = lazy(() => import("./QuoteValidation"));


/**
 * The quote request form, in one of four states: idle, submitting, success
 * (the thank-you message) or error (the server's message, or a fallback).
 * Without JavaScript (or before it has loaded) it is a plain form posted to
 * the home page's action, which renders errors with the values kept. With
 * JavaScript it validates as you go and sends the same form (multipart, with
 * its photos) to POST /api/forms/submit without leaving the page
 * (./QuoteValidation.tsx, loaded with the validation).
 */
export function QuoteForm() {
  // Set only after a plain form post (no JavaScript yet, or none at all).
  const posted = useActionData<QuoteFormReply>();
  const [status, setStatus] = useState<Status>(() =>
    posted?.success ? { state: "success" } : posted ? { state: "error", message: posted.message } : { state: "idle" },
  );
  // Each "Submit Another Request" mounts a fresh, empty form.
  const [round, setRound] = useState(0);

  if (status.state === "success") {
    return (
      <QuoteSuccess
        onAnother={() => {
          setRound((r) => r + 1);
          setStatus({ state: "idle" });
        }}
      />
    );
  }
  return (
    <QuoteFormFields
      key={round}
      focusOnMount={round > 0}
      posted={round === 0 && !posted?.success ? posted?.result : undefined}
      status={status}
      onStatus={setStatus}
    />
  );
}

function QuoteFormFields({
  focusOnMount,
  posted,
  status,
  onStatus,
}: {
  focusOnMount: boolean;
  posted: SubmissionResult<string[]> | undefined;
  status: Status;
  onStatus: (status: Status) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { responseTime } = useSiteSettings();
  const [validation, setValidation] = useState<QuoteValidationState>();
  const [wantValidation, setWantValidation] = useState(false);
  const errors: Errors = validation?.errors ?? (posted?.error as Errors | undefined) ?? {};
  const [searchParams] = useSearchParams();
  // After a post, what was sent; else what a link filled in (a maintenance reminder's).
  const defaults = (posted?.initialValue ?? (focusOnMount ? {} : quotePrefill(searchParams))) as Partial<Record<string, string>>;

  // Load validation as the form nears the screen, or at the latest on first focus.
  useEffect(() => {
    const form = formRef.current;
    if (!form || wantValidation) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWantValidation(true), {
      rootMargin: "600px 0px",
    });
    observer.observe(form);
    return () => observer.disconnect();
  }, [wantValidation]);

  useEffect(() => {
    if (focusOnMount) formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [focusOnMount]);

  const control = (name: FieldName, { required = true, hint = false } = {}) => {
    const invalid = !!errors[name]?.length;
    const describedBy = [invalid && `${FORM_ID}-${name}-error`, hint && `${FORM_ID}-${name}-hint`].filter(Boolean).join(" ");
    return {
      id: `${FORM_ID}-${name}`,
      name,
      required,
      defaultValue: defaults[name] ?? "",
      "aria-invalid": invalid || undefined,
      "aria-describedby": describedBy || undefined,
    };
  };

  const submitting = status.state === "submitting";
  return (
    <form
      ref={formRef}
      id={FORM_ID}
      method="post"
      encType="multipart/form-data"
      action={`/?index#${QUOTE_ANCHOR}`}
      // The server (or, once loaded, the browser's check) gives the messages.
      noValidate
      aria-label="Request a free quote"
      data-validation={validation ? "ready" : undefined}
      onFocus={() => setWantValidation(true)}
      onSubmit={(event) => {
        // Before the validation has loaded, the browser posts the form to the action.
        validation?.submit(event);
      }}
      className="space-y-3 rounded-2xl bg-white p-6 text-left text-slate-800 shadow-2xl ring-1 ring-black/5 sm:p-8"
    >
      {wantValidation && (
        <Suspense fallback={null}>
          <QuoteValidation formId={FORM_ID} lastResult={posted} onState={setValidation} onStatus={onStatus} />
        </Suspense>
      )}

      {status.state === "error" && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{status.message}</p>
        </div>
      )}

      {/* The optional fields say so in their hints ("Optional: …"). */}
      <p className="text-xs text-slate-500">
        Fields marked <span className="text-red-600">*</span> are required.
      </p>

      <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
        <Field name="name" label="Full Name" required errors={errors}>
          <input {...control("name")} type="text" autoComplete="name" placeholder="Jane Smith" className={inputClass} />
        </Field>
        <Field name="email" label="Email" required errors={errors}>
          <input {...control("email")} type="email" autoComplete="email" placeholder="jane@example.com" className={inputClass} />
        </Field>
        <Field name="phone" label="Phone" required errors={errors}>
          <input {...control("phone")} type="tel" autoComplete="tel" placeholder="(616) 555-0123" className={inputClass} />
        </Field>
        <Field name="vehicle_type" label="Vehicle Type" required errors={errors}>
          <input
            {...control("vehicle_type")}
            type="text"
            list="quote-vehicle-types"
            autoComplete="off"
            placeholder="Car, truck, SUV, boat…"
            className={inputClass}
          />
          <datalist id="quote-vehicle-types">
            {VEHICLE_TYPE_SUGGESTIONS.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
        </Field>
      </div>

      <Field name="service_address" label="Service Address" errors={errors} hint="Optional: where we'll do the work.">
        <input {...control("service_address", { required: false, hint: true })} type="text" autoComplete="street-address" className={inputClass} />
      </Field>

      <Field
        name="message"
        label="Additional Details"
        errors={errors}
        hint="Optional: year, make and model, condition, services you're interested in."
      >
        <textarea {...control("message", { required: false, hint: true })} rows={4} className={`${inputClass} resize-y`} />
      </Field>

      {/* Chosen again after a post without JavaScript: a browser never refills a file input. */}
      <Field name={PHOTO_FIELD} label="Photos" errors={errors} hint={`Optional: up to ${QUOTE_PHOTOS_MAX} photos of your vehicle.`}>
        <input {...control(PHOTO_FIELD, { required: false, hint: true })} defaultValue={undefined} type="file" accept="image/*" multiple className={inputClass} />
      </Field>

      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="quote-website">Website</label>
        <input id="quote-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button
        type="submit"
        disabled={submitting}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3.5 text-base font-semibold text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {submitting ? (
          <>
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            Submitting...
          </>
        ) : (
          <>
            <Send aria-hidden="true" className="size-5" />
            Get My Free Quote
          </>
        )}
      </button>
      <p className="text-center text-xs text-slate-500">We reply {responseTime}. No spam, ever.</p>
    </form>
  );
}
