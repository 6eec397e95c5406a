import { CheckCircle2, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { RichTextEditor } from "~/components/admin/RichTextEditor";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { BusinessSettings, SettingName } from "~/lib/site-settings";
import { SETTING_FIELDS, type SettingField } from "~/lib/site-settings-fields";
import { AppError } from "~/server/app-error.server";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const [settings, updated] = await Promise.all([getBusinessSettings(db), settingsUpdated(db)]);
  return { settings, updated, saved: new URL(request.url).searchParams.get("saved") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const values = Object.fromEntries(
    SETTING_FIELDS.map(({ name }) => {
      const value = body.form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as unknown as BusinessSettings;
  try {
    await saveSettings(context.get(databaseContext), values, adminUserFrom(context).email);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ error: error.message, fields: (error.fields ?? {}) as Partial<Record<SettingName, string>>, values }, { status: error.status });
  }
  throw redirect("/admin/settings?saved=1");
}

export function meta() {
  return [{ title: "Business Settings · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, updated, saved } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/settings") === true;
  const values = actionData?.values ?? settings;
  const errors = actionData?.fields ?? {};
  const formRef = useRef<HTMLFormElement>(null);

  // A refused save (with JavaScript the page stays): to the first field to correct.
  useEffect(() => {
    const first = SETTING_FIELDS.find(({ name }) => actionData?.fields?.[name]);
    if (!first) return;
    const input = formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]:not([type="hidden"]), #settings-${first.name} .ql-editor`);
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
