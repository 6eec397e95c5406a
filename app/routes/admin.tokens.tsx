import { CheckCircle2 } from "lucide-react";
import { data, Link, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { CreateTokenForm } from "~/components/admin/tokens/CreateTokenForm";
import { NewToken } from "~/components/admin/tokens/NewToken";
import { TokenItem, type TokenRow } from "~/components/admin/tokens/TokenItem";
import { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS } from "~/lib/api-tokens";
import { shownTime } from "~/lib/time-ago";
import { addDays, dayIn, startOfDayIn } from "~/lib/time-zone";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { createApiToken, listApiTokens, revokeApiToken } from "~/server/auth/tokens.server";
import { env } from "~/server/env.server";
import { revokeTokenSchema, tokenSchema } from "~/lib/token-input";
import { atEdge, notFound } from "~/server/app-error.server";
import { dispatchIntent, formText, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { postedForm } from "~/server/form-body.server";
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
    tokens: tokens.map((t): TokenRow => ({
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

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const form = await postedForm(request);
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  const { clientIp } = context.get(requestInfoContext);
  const timeZone = env().BUSINESS_TIME_ZONE;
  const handlers = {
    create: async () => {
      const { name, expires, readOnly } = parseForm(form, tokenSchema(dayIn(new Date(), timeZone)), "Please correct the fields below.");
      // It works through the end of its day in the business's time zone.
      const created = await createApiToken(db, user, { name, readOnly, expiresAt: startOfDayIn(addDays(expires, 1), timeZone) }, clientIp);
      // The one answer that holds the token: never stored by a cache.
      return data({ intent: "create" as const, created: { id: created.id, name, token: created.token } }, { headers: { "Cache-Control": "no-store" } });
    },
    revoke: async () => {
      if (!(await revokeApiToken(db, user, parseForm(form, revokeTokenSchema).id, clientIp))) throw notFound("That token does not exist or is already revoked.");
      throw redirect("/admin/tokens?revoked=1");
    },
  };
  const intent = postedIntent(form, handlers);
  return refusedOnForm(
    () => dispatchIntent(intent, handlers),
    (error) => ({
      intent,
      error: error.message,
      fields: error.fields,
      values: { name: formText(form, "name"), expires: formText(form, "expires"), readOnly: form.has("read_only") },
    }),
  );
});

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: "API Tokens · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

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
        <code className="text-xs">/api/tables/…</code>, <code className="text-xs">/api/admin/…</code> and <code className="text-xs">/api/upload/…</code>. A
        token acts as you, for as long as you are an administrator. The{" "}
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
        refused={actionData && "error" in actionData && actionData.intent === "create" ? actionData : undefined}
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
