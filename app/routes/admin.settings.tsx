import { CheckCircle2, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { RichTextEditor } from "~/components/admin/RichTextEditor";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { BusinessSettings } from "~/lib/site-settings";
import { SETTING_FIELDS, type SettingField } from "~/lib/site-settings-fields";
import type { SettingsFieldErrors } from "~/lib/site-settings-schema";
import { TRAVEL_BUFFER_MAX, WEEKDAYS, WORK_WEEK_LABELS, type WorkWeekName } from "~/lib/work-week";
import { formText, formTexts, refusedOnForm } from "~/server/form-action.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { readForm } from "~/server/form-body.server";
import { databaseContext } from "~/server/request-context.server";
import { getBusinessSettings, saveSettings, settingsUpdated } from "~/server/settings.server";
import type { Route } from "./+types/admin.settings";

/*
 * /admin/settings — the business settings as one form (docs/decisions/0014).
 * A plain POST that answers with a redirect to ?saved=1 (so reload does not
 * post again) and works without JavaScript; with it, React Router's Form
 * posts without a page load and shows the pending state. The admin layout's
 * middleware has already checked that the user is an administrator.
 */

export const SAVED_MESSAGE = "Settings saved.";
const DAILY_EMAIL = "dailyEmail";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const [settings, updated] = await Promise.all([getBusinessSettings(db), settingsUpdated(db)]);
  return { settings, updated, saved: new URL(request.url).searchParams.get("saved") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  // As typed: saveSettings reads them through the settings' schemas (the API's too).
  const form = body.form;
  const values = formTexts(form, SETTING_FIELDS.map(({ name }) => name)) as unknown as BusinessSettings;
  // The working week as typed. A form without it (a caller that predates it)
  // leaves it as stored; this page's form always sends the days' empty marker.
  const typed = (name: WorkWeekName) => (form.has(name) ? formText(form, name) : undefined);
  const week = {
    workdayStart: typed("workdayStart"),
    workdayEnd: typed("workdayEnd"),
    workingDays: form.has("workingDays") ? form.getAll("workingDays").map(String) : undefined,
    travelBufferMinutes: typed("travelBufferMinutes"),
  };
  // Send the daily e-mail: the form sends an empty marker and, ticked, "on"; a form without it leaves it as stored.
  const dailyEmail = form.has(DAILY_EMAIL) ? form.getAll(DAILY_EMAIL).includes("on") : undefined;
  return refusedOnForm(
    async () => {
      await saveSettings(context.get(databaseContext), { ...values, ...week, dailyEmail }, adminUserFrom(context));
      throw redirect("/admin/settings?saved=1");
    },
    (error) => ({ error: error.message, fields: (error.fields ?? {}) as SettingsFieldErrors, values, week, dailyEmail }),
  );
}

export function meta() {
  return [{ title: "Business Settings · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, updated, saved } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/settings") === true;
  const values = actionData?.values ?? settings;
  const errors: SettingsFieldErrors = actionData?.fields ?? {};
  // A refused save shows what was typed; otherwise the stored week.
  const typedWeek = actionData?.week;
  const week = {
    workdayStart: typedWeek?.workdayStart ?? settings.workdayStart,
    workdayEnd: typedWeek?.workdayEnd ?? settings.workdayEnd,
    workingDays: (typedWeek?.workingDays ?? settings.workingDays.map(String)).filter(Boolean),
    travelBufferMinutes: typedWeek?.travelBufferMinutes ?? String(settings.travelBufferMinutes),
  };
  const formRef = useRef<HTMLFormElement>(null);

  // A refused save (with JavaScript the page stays): to the first field to correct.
  useEffect(() => {
    const names: string[] = [...SETTING_FIELDS.map(({ name }) => name), ...(Object.keys(WORK_WEEK_LABELS) as WorkWeekName[])];
    const first = names.find((name) => (actionData?.fields as Record<string, string> | undefined)?.[name]);
    if (!first) return;
    const input = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]:not([type="hidden"]), #settings-${first} .ql-editor`);
    input?.focus();
  }, [actionData]);

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h2 className="text-xl font-bold text-slate-900">Business Settings</h2>
      <p className="mt-1 text-sm text-slate-600">
        Your contact details and texts, as every page, the search engines' data and the e-mails show them. A change is on the
        site within a second.
      </p>
      {updated.by && (
        <p className="mt-1 text-xs text-slate-500">
          Last saved by {updated.by} on {updated.at}.
        </p>
      )}

      {/* Shown after the redirect that follows a save, with or without JavaScript. */}
      <div role="status" className="mt-4">
        {saved && !actionData && !saving && (
          <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
            <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
            {SAVED_MESSAGE}
          </p>
        )}
      </div>
      {actionData?.error && <ErrorBanner className="mt-4">{actionData.error}</ErrorBanner>}

      <Form
        ref={formRef}
        // A new form after each save, so every input shows the stored value.
        key={updated.stamp ?? "seed"}
        method="post"
        action="/admin/settings"
        noValidate
        className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <fieldset disabled={saving} className="min-w-0 space-y-5">
          <legend className="sr-only">Business Settings</legend>
          {SETTING_FIELDS.map((field) => (
            <SettingInput key={field.name} field={field} value={values[field.name]} error={errors[field.name]} />
          ))}
        </fieldset>
        <WorkWeekInputs week={week} errors={errors} disabled={saving} />
        <DailyEmailInput checked={actionData?.dailyEmail ?? settings.dailyEmail} disabled={saving} />
        <div className="flex items-center gap-3 border-t border-slate-200 pt-5">
          <button type="submit" className={buttonClass("primary")} disabled={saving}>
            {saving && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
            Save
          </button>
          {saving && (
            <span role="status" className="text-sm text-slate-600">
              Saving...
            </span>
          )}
        </div>
      </Form>
    </main>
  );
}

const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-invalid:border-red-500 disabled:bg-slate-50";

const INPUT_TYPES = { text: "text", tel: "tel", email: "email", url: "url" } as const;

/** One setting: its label (the UI contract's), input, hint and the server's message for it. */
function SettingInput({ field, value, error }: { field: SettingField; value: string; error?: string }) {
  const hydrated = useHydrated();
  const id = `settings-${field.name}`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    defaultValue: value,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: INPUT,
  };
  let input: React.ReactNode;
  if (field.kind === "richText") {
    input = <StoryInput id={id} labelId={labelId} name={field.name} value={value} invalid={Boolean(error)} describedBy={describedBy} />;
  } else if (field.kind === "multiline") {
    input = <textarea {...common} rows={field.name === "heroText" ? 3 : 4} />;
  } else {
    input = (
      <input
        {...common}
        type={INPUT_TYPES[field.kind]}
        autoComplete="off"
        inputMode={field.kind === "tel" ? "tel" : undefined}
      />
    );
  }
  return (
    <div>
      <label id={labelId} htmlFor={field.kind !== "richText" ? id : hydrated ? undefined : `${id}-html`} className="mb-1.5 block text-sm font-medium text-slate-800">
        {field.label}
      </label>
      {input}
      {field.hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The working week customers may book (issue 21): Workday Start and End
 * (type=time gives "HH:MM"; without a time picker the server still reads
 * what was typed), a checkbox per working day, and the Travel Buffer.
 */
function WorkWeekInputs({
  week,
  errors,
  disabled,
}: {
  week: { workdayStart: string; workdayEnd: string; workingDays: string[]; travelBufferMinutes: string };
  errors: SettingsFieldErrors;
  disabled: boolean;
}) {
  const message = (name: WorkWeekName) =>
    errors[name] ? (
      <p id={`settings-${name}-error`} className="mt-1.5 text-sm font-medium text-red-600">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: WorkWeekName, hint?: string) => [hint, errors[name] ? `settings-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  const time = (name: "workdayStart" | "workdayEnd") => (
    <div>
      <label htmlFor={`settings-${name}`} className="mb-1.5 block text-sm font-medium text-slate-800">
        {WORK_WEEK_LABELS[name]}
      </label>
      <input
        id={`settings-${name}`}
        name={name}
        type="time"
        step={60}
        required
        defaultValue={week[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name, "settings-work-week-hint")}
        className={INPUT}
      />
      {message(name)}
    </div>
  );
  return (
    <fieldset disabled={disabled} className="min-w-0 space-y-5 border-t border-slate-200 pt-5">
      <legend className="text-base font-semibold text-slate-900">Working Week</legend>
      <p id="settings-work-week-hint" className="text-xs text-slate-500">
        The days and hours customers may book themselves, in the business's time zone; a booked job must be done by Workday
        End. You may still schedule any day and time yourself.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {time("workdayStart")}
        {time("workdayEnd")}
      </div>
      <fieldset aria-describedby={described("workingDays")}>
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">{WORK_WEEK_LABELS.workingDays}</legend>
        {/* Sent even with no day ticked, so "none" is refused rather than read as "not on this form". */}
        <input type="hidden" name="workingDays" value="" />
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {WEEKDAYS.map(({ iso, label }) => (
            <label key={iso} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="workingDays"
                value={iso}
                defaultChecked={week.workingDays.includes(String(iso))}
                className="size-4 rounded border-slate-300 text-brand-600 focus:outline-2 focus:outline-brand-500/40"
              />
              {label}
            </label>
          ))}
        </div>
        {message("workingDays")}
      </fieldset>
      <div>
        <label htmlFor="settings-travelBufferMinutes" className="mb-1.5 block text-sm font-medium text-slate-800">
          {WORK_WEEK_LABELS.travelBufferMinutes}
        </label>
        <input
          id="settings-travelBufferMinutes"
          name="travelBufferMinutes"
          type="number"
          inputMode="numeric"
          min={0}
          max={TRAVEL_BUFFER_MAX}
          step={1}
          required
          defaultValue={week.travelBufferMinutes}
          aria-invalid={errors.travelBufferMinutes ? true : undefined}
          aria-describedby={described("travelBufferMinutes", "settings-travelBufferMinutes-hint")}
          className={`${INPUT} sm:max-w-40`}
        />
        <p id="settings-travelBufferMinutes-hint" className="mt-1.5 text-xs text-slate-500">
          Kept free after each job for driving to the next, 0 to {TRAVEL_BUFFER_MAX}. Jobs already booked keep theirs.
        </p>
        {message("travelBufferMinutes")}
      </div>
    </fieldset>
  );
}

/** Send the daily e-mail (issue 38, docs/decisions/0153): the owners' summary of the day at 7:00. */
function DailyEmailInput({ checked, disabled }: { checked: boolean; disabled: boolean }) {
  return (
    <fieldset disabled={disabled} className="min-w-0 space-y-2 border-t border-slate-200 pt-5">
      <legend className="text-base font-semibold text-slate-900">Daily E-mail</legend>
      {/* Sent even unticked, so "off" is told apart from a form without the field. */}
      <input type="hidden" name={DAILY_EMAIL} value="" />
      <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name={DAILY_EMAIL}
          value="on"
          defaultChecked={checked}
          aria-describedby="settings-dailyEmail-hint"
          className="size-4 rounded border-slate-300 text-brand-600 focus:outline-2 focus:outline-brand-500/40"
        />
        Send the daily e-mail
      </label>
      <p id="settings-dailyEmail-hint" className="text-xs text-slate-500">
        At 7:00 each morning, to the owners: the day's jobs in order with their addresses, the new requests, bookings and
        cancellations since the last one, and the invoices past due.
      </p>
    </fieldset>
  );
}

/**
 * The About story: the dashboard's rich-text editor once JavaScript runs, its
 * HTML in a hidden input; before that (and without JavaScript) a text area
 * with the HTML itself, which the server sanitises like the editor's output.
 */
function StoryInput(props: { id: string; labelId: string; name: string; value: string; invalid: boolean; describedBy?: string }) {
  const hydrated = useHydrated();
  const [html, setHtml] = useState(props.value);
  if (!hydrated) {
    return (
      <>
        <textarea
          id={`${props.id}-html`}
          name={props.name}
          defaultValue={props.value}
          rows={10}
          aria-invalid={props.invalid || undefined}
          aria-describedby={[props.describedBy, `${props.id}-nojs`].filter(Boolean).join(" ")}
          className={`${INPUT} font-mono`}
        />
        <p id={`${props.id}-nojs`} className="mt-1.5 text-xs text-slate-500">
          Without JavaScript the story is edited as HTML: one &lt;p&gt;…&lt;/p&gt; per paragraph.
        </p>
      </>
    );
  }
  return (
    <div id={props.id}>
      <input type="hidden" name={props.name} value={html} />
      <RichTextEditor
        value={html}
        onChange={setHtml}
        placeholder="The story of the business..."
        labelledBy={props.labelId}
        describedBy={props.describedBy}
        invalid={props.invalid}
      />
    </div>
  );
}
