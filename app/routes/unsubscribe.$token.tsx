import { CheckCircle2 } from "lucide-react";
import { data } from "react-router";
import { SiteLogo } from "~/components/site/SiteLogo";
import { primaryButton } from "~/components/site/styles";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { NO_SCRIPTS } from "~/lib/no-scripts";
import { answerCustomer, findByToken } from "~/server/customer-pages.server";
import type { DB } from "~/server/db.server";
import { UNSUBSCRIBE_HOW, unsubscribeSchema } from "~/lib/customer-page-forms";
import { parseForm } from "~/server/form-action.server";
import { readForm } from "~/server/form-body.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { customerByUnsubscribeToken, unsubscribe } from "~/server/reviews/unsubscribe.server";
import { customerPageMeta } from "~/components/site/CustomerPageShell";
import type { Route } from "./+types/unsubscribe.$token";

/*
 * /unsubscribe/{token} — the one-click unsubscribe of the e-mails that are not
 * a transaction (review requests, maintenance reminders; docs/decisions/0091).
 * GET only asks (a link scanner that follows every link must not unsubscribe
 * anyone); the button POSTs. A mail client's RFC 8058 POST, body
 * `List-Unsubscribe=One-Click`, does the same without the page; the origin
 * check lets this path's POST through (server/origin-check.ts). Never a
 * redirect (RFC 8058 forbids one): the answer is the page, saying it is done.
 */

// A plain HTML form: the page ships no JavaScript at all (app/lib/no-scripts.ts).
export const handle = NO_SCRIPTS;

const NOT_FOUND = "There is no subscription at this address. Please check the link in your e-mail.";

/** The customer for the token, or a 404 (counted against the address's limit of unknown tokens, past which every token is a 429). */
function customerFor(db: DB, token: string | undefined, clientIp: string) {
  const find = async () => (token && token.length <= 100 ? await customerByUnsubscribeToken(db, token) : undefined);
  return findByToken(db, clientIp, find, NOT_FOUND).catch(answerCustomer);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const customer = await customerFor(context.get(databaseContext), params.token, context.get(requestInfoContext).clientIp);
  return { unsubscribed: customer.unsubscribedAt !== null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  await customerFor(db, params.token, context.get(requestInfoContext).clientIp);
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const post = async () => {
    parseForm(body.form, unsubscribeSchema, UNSUBSCRIBE_HOW);
    await unsubscribe(db, params.token);
  };
  await post().catch(answerCustomer);
  return { done: true };
}

export function meta() {
  return customerPageMeta("Unsubscribe", "Stop the review requests and maintenance reminders; e-mails about your own work still come.");
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { businessName } = useSiteSettings();
  const done = loaderData.unsubscribed || actionData?.done;
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-2xl px-4 py-4 sm:px-6">
          <SiteLogo onLight />
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight">Unsubscribe</h1>
        {done ? (
          <p role="status" className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            <span>
              You are unsubscribed: {businessName} will send you no more review requests or maintenance reminders. E-mails about your own requests, estimates,
              appointments and invoices still come.
            </span>
          </p>
        ) : (
          <form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
            <input type="hidden" name="intent" value="unsubscribe" />
            <p>
              Stop the review requests and maintenance reminders from {businessName}? E-mails about your own requests, estimates, appointments and invoices still
              come.
            </p>
            <button
              type="submit"
              className={`${primaryButton} w-full sm:w-auto`}
            >
              Unsubscribe
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
