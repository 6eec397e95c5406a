import { CheckCircle2, KeyRound, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, TOKEN_NAME_MAX } from "~/lib/api-tokens";
import { shownTime, type ShownTime } from "~/lib/time-ago";
import { adminUserFrom } from "~/server/auth/current-user.server";
import {
  addDays,
  createApiToken,
  dayIn,
  listApiTokens,
  parseTokenForm,
  revokeApiToken,
} from "~/server/auth/tokens.server";
import { env } from "~/server/env.server";
import { readForm } from "~/server/form-body.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.tokens";

/*
 * /admin/tokens — the signed-in administrator's personal API tokens
 * (docs/decisions/0036). Plain POST forms, so it all works without
 * JavaScript: creating answers with the page itself, the token in it (shown
 * this once: only its hash is stored); revoking answers with a redirect.
 */

export const REVOKED_MESSAGE = "Token revoked. Requests with it are refused from now on.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = adminUserFrom(context);
  const now = new Date();
  const timeZone = env().BUSINESS_TIME_ZONE;
  const at = (date: Date) => shownTime(date, now, timeZone);
  const tokens = await listApiTokens(context.get(databaseContext), user.id, now);
  const today = dayIn(now, timeZone);
  return {
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      tokenStart: t.tokenStart,
      readOnly: t.readOnly,
      status: t.status,
      created: at(t.createdAt),
      expires: at(t.expiresAt),
      lastUsed: t.lastUsedAt ? at(t.lastUsedAt) : null,
      revoked: t.revokedAt ? at(t.revokedAt) : null,
    })),
    expiry: { min: today, max: addDays(today, TOKEN_MAX_DAYS), proposed: addDays(today, TOKEN_DEFAULT_DAYS) },
    revoked: new URL(request.url).searchParams.has("revoked"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  const { clientIp } = context.get(requestInfoContext);
  const intent = body.form.get("intent");

  if (intent === "revoke") {
    const id = Number(body.form.get("id"));
    if (!Number.isSafeInteger(id) || id < 1 || !(await revokeApiToken(db, user, id, clientIp))) {
      return data({ intent: "revoke" as const, error: "That token does not exist or is already revoked." }, { status: 404 });
    }
    throw redirect("/admin/tokens?revoked=1");
  }

  if (intent !== "create") return data({ intent: "unknown" as const, error: "Unknown action." }, { status: 400 });
  const parsed = parseTokenForm(body.form, new Date(), env().BUSINESS_TIME_ZONE);
  if (!parsed.ok) {
    return data({ intent: "create" as const, error: "Please correct the fields below.", fields: parsed.fields, values: parsed.values }, { status: 400 });
  }
  const created = await createApiToken(db, user, parsed.token, clientIp);
  // The one answer that holds the token: never stored by a cache.
  return data({ intent: "create" as const, created: { id: created.id, name: parsed.token.name, token: created.token } }, { headers: { "Cache-Control": "no-store" } });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: "API Tokens · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

type ActionData = Route.ComponentProps["actionData"];

export default function AdminTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens, expiry, revoked } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/tokens") === true;
  const creating = busy && navigation.formData?.get("intent") === "create";
  const created = actionData && "created" in actionData ? actionData.created : undefined;

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h2 className="text-xl font-bold text-slate-900">API Tokens</h2>
      <p className="mt-1 text-sm text-slate-600">
        Scripts and other programs call the API with a token instead of signing in: send it as{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs break-all">Authorization: Bearer &lt;token&gt;</code> to{" "}
        <code className="text-xs">/api/tables/…</code>, <code className="text-xs">/api/admin/…</code> and{" "}
        <code className="text-xs">/api/upload/…</code>. A token acts as you, for as long as you are an administrator. The{" "}
        <Link to="/admin/api" className="font-semibold text-brand-700 underline">
          API page
        </Link>{" "}
        describes every endpoint.
      </p>

      <div role="status" className="mt-4 empty:hidden">
        {revoked && !actionData && !busy && (
          <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
            <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600" />
            {REVOKED_MESSAGE}
          </p>
        )}
      </div>
      {actionData && "error" in actionData && actionData.intent !== "create" && <ErrorBanner className="mt-4">{actionData.error}</ErrorBanner>}
      {created && <NewToken key={`new-${created.id}`} name={created.name} token={created.token} />}

      <CreateTokenForm
        // A fresh form after each token made.
        key={`form-${created?.id ?? 0}`}
        actionData={actionData}
        expiry={expiry}
        creating={creating}
        disabled={busy}
      />

      <section aria-labelledby="tokens-heading" className="mt-8">
        <h3 id="tokens-heading" className="text-lg font-semibold text-slate-900">
          Your tokens
        </h3>
        {tokens.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">You have no API tokens yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {tokens.map((t) => (
              <TokenItem key={t.id} token={t} disabled={busy} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** The token just made: shown this once, in a read-only field to select or copy. */
function NewToken({ name, token }: { name: string; token: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <section className="mt-4 rounded-2xl border border-emerald-300 bg-emerald-50 p-5">
      <h3 id="new-token-heading" className="flex items-center gap-2 text-base font-semibold text-emerald-900">
        <KeyRound aria-hidden className="size-5" />
        Token “{name}” created
      </h3>
      <p role="status" className="mt-1 text-sm text-emerald-900">
        Copy it now: it is shown only this once and cannot be retrieved later.
      </p>
      <label htmlFor="new-token" className="mt-3 block text-sm font-semibold text-slate-900">
        New token
      </label>
      <textarea
        id="new-token"
        readOnly
        rows={2}
        defaultValue={token}
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900"
      />
      {hydrated && typeof navigator !== "undefined" && navigator.clipboard && (
        <button
          type="button"
          className={`${buttonClass("secondary")} mt-3`}
          onClick={() => void navigator.clipboard.writeText(token).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      )}
    </section>
  );
}

const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-invalid:border-red-500 disabled:bg-slate-50";

function CreateTokenForm({
  actionData,
  expiry,
  creating,
  disabled,
}: {
  actionData: ActionData;
  expiry: { min: string; max: string; proposed: string };
  creating: boolean;
  disabled: boolean;
}) {
  const refused = actionData && "fields" in actionData ? actionData : undefined;
  const values = refused?.values ?? { name: "", expires: expiry.proposed, readOnly: true };
  const errors: Partial<Record<"name" | "expires", string>> = refused?.fields ?? {};
  const described = (field: "name" | "expires", hint?: string) =>
    [hint, errors[field] ? `token-${field}-error` : ""].filter(Boolean).join(" ") || undefined;
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
            required
            maxLength={TOKEN_NAME_MAX}
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
            required
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

interface TokenRow {
  id: number;
  name: string;
  tokenStart: string;
  readOnly: boolean;
  status: "active" | "expired" | "revoked";
  created: ShownTime;
  expires: ShownTime;
  lastUsed: ShownTime | null;
  revoked: ShownTime | null;
}

const STATUS_BADGE = {
  active: "bg-emerald-100 text-emerald-800",
  expired: "bg-amber-100 text-amber-900",
  revoked: "bg-slate-200 text-slate-800",
};

function When({ at }: { at: ShownTime }) {
  return (
    <time dateTime={at.iso} title={at.exact}>
      {at.exact}
    </time>
  );
}

function TokenItem({ token: t, disabled }: { token: TokenRow; disabled: boolean }) {
  const headingId = `token-${t.id}-name`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={headingId} className="font-semibold break-words text-slate-900">
            {t.name}
          </h4>
          <p className="font-mono text-xs text-slate-600">{t.tokenStart}…</p>
        </div>
        <div className="flex items-center gap-3">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[t.status]}`}>
            {t.status === "active" ? "Active" : t.status === "expired" ? "Expired" : "Revoked"}
          </span>
          {t.status !== "revoked" && (
            <Form method="post" action="/admin/tokens">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="id" value={t.id} />
              <button type="submit" className={buttonClass("danger")} disabled={disabled} aria-describedby={headingId}>
                Revoke
              </button>
            </Form>
          )}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs font-semibold text-slate-600 uppercase">Created</dt>
          <dd className="text-slate-900">
            <When at={t.created} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600 uppercase">{t.status === "expired" ? "Expired" : "Expires"}</dt>
          <dd className="text-slate-900">
            <When at={t.expires} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600 uppercase">Access</dt>
          <dd className="text-slate-900">{t.readOnly ? "Read only" : "Read and write"}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600 uppercase">Last used</dt>
          <dd className="text-slate-900">
            {t.lastUsed ? (
              <time dateTime={t.lastUsed.iso} title={t.lastUsed.exact}>
                {t.lastUsed.ago}
              </time>
            ) : (
              "Never"
            )}
          </dd>
        </div>
        {t.revoked && (
          <div>
            <dt className="text-xs font-semibold text-slate-600 uppercase">Revoked</dt>
            <dd className="text-slate-900">
              <When at={t.revoked} />
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}
