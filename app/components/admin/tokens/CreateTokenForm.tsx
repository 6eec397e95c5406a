import { LoaderCircle } from "lucide-react";
import { Form } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { buttonClass } from "~/components/ui/button";
import { formConstraint } from "~/lib/form-schema";
import { tokenSchema } from "~/lib/token-input";

const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-invalid:border-red-500 disabled:bg-slate-50";

/** The form's refusal: the message, a message per field (tokenSchema, ~/lib/token-input.ts) and the values sent. */
export interface RefusedTokenForm {
  error: string;
  fields?: Partial<Record<"name" | "expires", string>>;
  values: { name: string; expires: string; readOnly: boolean };
}

/** Name, expiry day and read-only: a plain POST form (docs/decisions/0036). */
export function CreateTokenForm({
  refused,
  expiry,
  creating,
  disabled,
}: {
  refused: RefusedTokenForm | undefined;
  expiry: { min: string; max: string; proposed: string };
  creating: boolean;
  disabled: boolean;
}) {
  const values = refused?.values ?? { name: "", expires: expiry.proposed, readOnly: true };
  // The schema's attributes; the day's bounds (min, max) are the loader's, which the schema checks by refinement.
  const constraint = formConstraint(tokenSchema(expiry.min));
  const errors: Partial<Record<"name" | "expires", string>> = refused?.fields ?? {};
  const described = (field: "name" | "expires", hint?: string) => [hint, errors[field] ? `token-${field}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <Form method="post" action="/admin/tokens" noValidate className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <input type="hidden" name="intent" value="create" />
      <fieldset disabled={disabled} className="min-w-0 space-y-5">
        <legend className="text-lg font-semibold text-slate-900">Create a token</legend>
        {refused && <ErrorBanner>{refused.error}</ErrorBanner>}
        <div>
          <label htmlFor="token-name" className="block text-sm font-semibold text-slate-900">
            Name
          </label>
          <input
            id="token-name"
            name="name"
            type="text"
            {...constraint.name}
            defaultValue={values.name}
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described("name", "token-name-hint")}
            className={`mt-1 ${INPUT}`}
          />
          <p id="token-name-hint" className="mt-1 text-xs text-slate-600">
            What uses it, e.g. “Nightly lead export”.
          </p>
          {errors.name && (
            <p id="token-name-error" className="mt-1 text-sm text-red-700">
              {errors.name}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="token-expires" className="block text-sm font-semibold text-slate-900">
            Expires
          </label>
          <input
            id="token-expires"
            name="expires"
            type="date"
            required={constraint.expires.required}
            min={expiry.min}
            max={expiry.max}
            defaultValue={values.expires}
            aria-invalid={errors.expires ? true : undefined}
            aria-describedby={described("expires", "token-expires-hint")}
            className={`mt-1 ${INPUT} sm:w-56`}
          />
          <p id="token-expires-hint" className="mt-1 text-xs text-slate-600">
            The token works through the end of this day, at most a year ahead.
          </p>
          {errors.expires && (
            <p id="token-expires-error" className="mt-1 text-sm text-red-700">
              {errors.expires}
            </p>
          )}
        </div>
        <div className="flex items-start gap-3">
          <input
            id="token-read-only"
            name="read_only"
            type="checkbox"
            defaultChecked={values.readOnly}
            aria-describedby="token-read-only-hint"
            className="mt-0.5 size-5 rounded border-slate-300 accent-brand-600"
          />
          <div>
            <label htmlFor="token-read-only" className="text-sm font-semibold text-slate-900">
              Read only
            </label>
            <p id="token-read-only-hint" className="text-xs text-slate-600">
              Reads only (GET). Unticked, the token can also add, change and delete rows and upload files.
            </p>
          </div>
        </div>
      </fieldset>
      <div className="mt-5 flex items-center gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={buttonClass("primary")} disabled={disabled}>
          {creating && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          Create Token
        </button>
        {creating && (
          <span role="status" className="text-sm text-slate-600">
            Creating...
          </span>
        )}
      </div>
    </Form>
  );
}
