import { CheckCircle2 } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { AddPasskey } from "~/components/auth/AddPasskey";
import { CalendarFeed } from "~/components/schedule/CalendarFeed";
import { buttonClass } from "~/components/ui/button";
import { removePasskeySchema } from "~/lib/passkey-input";
import { PASSKEY_MESSAGES } from "~/lib/passkeys";
import { ROLE_TITLES } from "~/lib/roles";
import { shownTime } from "~/lib/time-ago";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { listPasskeys, relyingParty, removePasskey } from "~/server/auth/passkeys.server";
import { env } from "~/server/env.server";
import { dispatchIntent, FIRST_FIELD, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { postedForm } from "~/server/form-body.server";
import { resetStaffFeedToken, staffFeedAddress } from "~/server/jobs/calendar-feed.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.account";

/*
 * /admin/account — the signed-in staff member's own account, every role's
 * (ui-contract.md, The day in the field; docs/decisions/0134): their
 * passkeys, each with Remove (a plain POST form, answered by a redirect),
 * and Add a Passkey (WebAuthn: JavaScript only, through /api/passkeys/register);
 * and their own calendar feed, the jobs assigned to them (docs/decisions/0148),
 * with Reset feed address (intent reset-feed).
 */

const DONE = { added: PASSKEY_MESSAGES.added, removed: PASSKEY_MESSAGES.removed } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = adminUserFrom(context);
  const now = new Date();
  const timeZone = env().BUSINESS_TIME_ZONE;
  const db = context.get(databaseContext);
  const passkeys = await listPasskeys(db, user);
  const done = new URL(request.url).searchParams.get("done");
  return {
    email: user.email,
    role: user.role ? ROLE_TITLES[user.role] : "",
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      added: shownTime(p.createdAt, now, timeZone),
      lastUsed: p.lastUsedAt ? shownTime(p.lastUsedAt, now, timeZone) : null,
    })),
    available: relyingParty(request) !== null,
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
    feed: { address: await staffFeedAddress(db, request, user.id), justReset: done === "feed-reset" },
  };
}

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const form = await postedForm(request);
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  const { clientIp } = context.get(requestInfoContext);
  const handlers = {
    remove: async () => {
      await removePasskey(db, user, parseForm(form, removePasskeySchema, FIRST_FIELD).id, clientIp);
      return redirect("/admin/account?done=removed", 303);
    },
    "reset-feed": async () => {
      await resetStaffFeedToken(db, user.id);
      return redirect("/admin/account?done=feed-reset", 303);
    },
  };
  const answer = await refusedOnForm(
    () => dispatchIntent(postedIntent(form, handlers), handlers),
    (error) => ({ error: error.message }),
  );
  if (answer instanceof Response) throw answer;
  return answer;
});

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: "Your Account · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, role, passkeys, available, done, feed } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/account") === true;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Your Account</h2>
        <p className="mt-1 text-sm text-slate-600">
          Signed in as <span className="font-medium break-all text-slate-900">{email}</span>
          {role ? ` (${role})` : ""}.
        </p>
      </div>
      <div role="status" className="empty:hidden">
        {done && !actionData && !busy && (
          <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            {done}
          </p>
        )}
      </div>
      {actionData?.error && <ErrorBanner>{actionData.error}</ErrorBanner>}

      <section aria-labelledby="passkeys-heading" className="space-y-4">
        <div>
          <h3 id="passkeys-heading" className="text-lg font-semibold text-slate-900">
            Passkeys
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            A passkey signs you in on the sign-in page with <strong>Sign in with a passkey</strong>, without waiting for an e-mailed code. The
            e-mailed code keeps working.
          </p>
        </div>
        <AddPasskey available={available} />
        {passkeys.length === 0 ? (
          <p className="text-sm text-slate-600">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p id={`passkey-${p.id}`} className="font-medium break-words text-slate-900">
                    {p.name}
                  </p>
                  <p className="text-sm text-slate-600">
                    Added{" "}
                    <time dateTime={p.added.iso} title={p.added.exact}>
                      {p.added.ago}
                    </time>
                    {" · "}
                    {p.lastUsed ? (
                      <>
                        Last used{" "}
                        <time dateTime={p.lastUsed.iso} title={p.lastUsed.exact}>
                          {p.lastUsed.ago}
                        </time>
                      </>
                    ) : (
                      "Not used yet"
                    )}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={p.id} />
                  {/* Named Remove; which passkey it removes is its description. */}
                  <button type="submit" disabled={busy} aria-describedby={`passkey-${p.id}`} className={buttonClass("danger")}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CalendarFeed own address={feed.address} justReset={feed.justReset} />
    </main>
  );
}
