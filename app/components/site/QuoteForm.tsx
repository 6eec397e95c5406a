import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CircleAlert, CircleCheckBig, LoaderCircle, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useActionData } from "react-router";
import {
  HONEYPOT_FIELD,
  QUOTE_FORM_ID,
  QUOTE_GENERIC_ERROR,
  QUOTE_NETWORK_ERROR,
  QUOTE_SUCCESS_MESSAGE,
  VEHICLE_TYPE_SUGGESTIONS,
  quoteSchema,
} from "~/lib/quote-schema";
import type { quoteAction } from "~/server/quote-route.server";

/**
 * The quote request form (product-spec §4: idle, submitting, success, error).
 * Without JavaScript it is a plain form posted to the home page's action,
 * which renders errors with the values kept. With JavaScript it validates as
 * you go and sends JSON to POST /api/forms/submit without leaving the page
 * (docs/decisions/0022).
 */
type Status = { state: "idle" } | { state: "submitting" } | { state: "error"; message: string } | { state: "success" };

export function QuoteForm() {
  // Set only after a plain form post (no JavaScript yet, or none at all).
  const posted = useActionData<typeof quoteAction>();
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
      postedResult={round === 0 ? posted?.result : undefined}
      status={status}
      onStatus={setStatus}
    />
  );
}

function QuoteFormFields({
  focusOnMount,
  postedResult,
  status,
  onStatus,
}: {
  focusOnMount: boolean;
  postedResult: SubmissionResult<string[]> | undefined;
  status: Status;
  onStatus: (status: Status) => void;
}) {
  // Field errors the JSON API reported (only if it disagrees with the browser's check).
  const [apiResult, setApiResult] = useState<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: "quote",
    lastResult: apiResult ?? postedResult,
    constraint: getZodConstraint(quoteSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteSchema }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      onStatus({ state: "submitting" });
      try {
        const response = await fetch("/api/forms/submit", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ formId: QUOTE_FORM_ID, ...submission.value }),
        });
        const body = (await response.json().catch(() => null)) as ApiAnswer | null;
        if (response.ok && body?.success) return onStatus({ state: "success" });
        if (body?.errors) setApiResult({ status: "error", error: body.errors });
        onStatus({ state: "error", message: body?.message || QUOTE_GENERIC_ERROR });
      } catch {
        onStatus({ state: "error", message: QUOTE_NETWORK_ERROR });
      }
    },
  });

  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) nameInput.current?.focus();
  }, [focusOnMount]);

  const submitting = status.state === "submitting";
  return (
    <form
      {...getFormProps(form)}
      method="post"
      action="/?index"
      aria-label="Request a free quote"
      className="space-y-3 rounded-2xl bg-white p-6 text-left text-slate-800 shadow-2xl ring-1 ring-black/5 sm:p-8"
    >
      {status.state === "error" && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{status.message}</p>
        </div>
      )}

      <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
        <Field meta={fields.name} label="Full Name">
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            ref={nameInput}
            autoComplete="name"
            placeholder="Jane Smith"
            className={inputClass}
          />
        </Field>
        <Field meta={fields.email} label="Email">
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            placeholder="jane@example.com"
            className={inputClass}
          />
        </Field>
        <Field meta={fields.phone} label="Phone">
          <input
            {...getInputProps(fields.phone, { type: "tel" })}
            key={fields.phone.key}
            autoComplete="tel"
            placeholder="(616) 555-0123"
            className={inputClass}
          />
        </Field>
        <Field meta={fields.vehicle_type} label="Vehicle Type">
          <input
            {...getInputProps(fields.vehicle_type, { type: "text" })}
            key={fields.vehicle_type.key}
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

      <Field meta={fields.message} label="Additional Details" hint="Optional: year, make and model, condition, services you're interested in.">
        <textarea
          {...getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-hint` })}
          key={fields.message.key}
          rows={4}
          className={`${inputClass} resize-y`}
        />
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
      <p className="text-center text-xs text-slate-500">We reply within 24 hours. No spam, ever.</p>
    </form>
  );
}

interface ApiAnswer {
  success?: boolean;
  message?: string;
  errors?: Record<string, string[]>;
}

const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30";

function Field({
  meta,
  label,
  hint,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1.5 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${meta.id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {/* One line is always reserved: a message appearing on blur must not move the submit button under the pointer. */}
      <p id={meta.errorId} className="mt-1 min-h-5 text-sm leading-5 text-red-600">
        {meta.errors?.[0]}
      </p>
    </div>
  );
}

function QuoteSuccess({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the result, so keyboard and screen-reader users hear it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-2xl bg-white p-8 text-center text-slate-800 shadow-2xl ring-1 ring-black/5 sm:p-10">
      <CircleCheckBig aria-hidden="true" className="mx-auto size-14 text-emerald-500" />
      <h3 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        Quote Request Submitted!
      </h3>
      <p className="mx-auto mt-3 max-w-md text-slate-600">{QUOTE_SUCCESS_MESSAGE}</p>
      {/* Without JavaScript this reloads the page at an empty form. */}
      <form
        method="get"
        action="/#contact"
        onSubmit={(event) => {
          event.preventDefault();
          onAnother();
        }}
      >
        <button
          type="submit"
          className="mt-8 inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Submit Another Request
        </button>
      </form>
    </div>
  );
}
