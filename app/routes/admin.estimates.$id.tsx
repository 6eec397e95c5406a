import { CalendarPlus } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { scheduleJobHref } from "~/components/jobs/LeadJobs";
import { BackLinks } from "~/components/priced-documents/DocumentHeader";
import { buttonClass } from "~/components/ui/button";
import { EstimateEditor, type EditorFailure } from "~/components/estimates/EstimateEditor";
import { addLine, removeLine, toEstimateForm } from "~/lib/estimate-editor";
import { isDecided } from "~/lib/estimate-status";
import { AppError } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { editorValues, postedValues } from "~/server/estimates/editor.server";
import { copyEstimate, estimateId, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { readForm } from "~/server/form-body.server";
import { savedDetails } from "~/server/customers/saved-details.server";
import { serviceChoices } from "~/server/priced-documents/document-views.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/admin.estimates.$id";

/*
 * /admin/estimates/{id} — the estimate editor (ui-contract.md, Estimates).
 * One form; its buttons post an `intent`: save, send (saves, then sends),
 * copy, and without JavaScript add / remove-{i} (answered with the lines as
 * posted plus or minus one, and the totals computed here; nothing stored).
 * With JavaScript, Add Line and Remove change the lines in place and the
 * totals follow as typed. Saves and sends answer a redirect (no double post).
 */

function routeError(error: unknown): never {
  if (error instanceof AppError) throw data({ error: error.message }, { status: error.status });
  throw error;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const estimate = await getEstimate(db, estimateId(params.id)).catch(routeError);
  const done = new URL(request.url).searchParams.get("done");
  return {
    estimate: {
      id: estimate.id,
      number: estimate.number,
      status: estimate.status,
      decided: isDecided(estimate.storedStatus),
      leadId: estimate.leadId,
      customerId: estimate.customerId,
      customer: estimate.customer.name,
      email: estimate.customer.email,
      taxRateMilliPercent: estimate.taxRateMilliPercent,
      declineReason: estimate.declineReason,
      stamp: `${estimate.id}-${estimate.totalCents}-${estimate.lines.length}-${estimate.sentAt?.getTime() ?? 0}-${estimate.validUntil}`,
    },
    values: editorValues(estimate),
    services: await serviceChoices(db),
    vehicles: (await savedDetails(db, estimate.customerId)).vehicles,
    done: done === "saved" || done === "sent" ? (done as "saved" | "sent") : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const id = estimateId(params.id);
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const intent = String(body.form.get("intent") ?? "");
  const values = postedValues(body.form);
  const actor = adminUserFrom(context).email;
  try {
    if (intent === "copy") throw redirect(`/admin/estimates/${await copyEstimate(db, id, actor)}`, 303);
    if (intent === "add" || intent.startsWith("remove-")) {
      const services = await serviceChoices(db);
      const next = intent === "add" ? addLine(values, services, String(body.form.get("addService") ?? "")) : removeLine(values, Number(intent.slice(7)), services);
      return data<EditorFailure>({ values: next });
    }
    if (intent !== "save" && intent !== "send") return data<EditorFailure>({ error: "intent must be save, send, copy, add or remove-{line}", values }, { status: 400 });
    await saveEstimate(db, id, toEstimateForm(values));
    if (intent === "send") await sendEstimate(db, id, actor, linkOrigin(request));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) routeError(error);
    return data<EditorFailure>({ error: error.message, fields: error.fields, values }, { status: error.status });
  }
  throw redirect(`/admin/estimates/${id}?done=${intent === "send" ? "sent" : "saved"}`, 303);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Estimate #${loaderData.estimate.number}` : "Estimate";
  return [{ title: `${title} · Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function EstimatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { estimate } = loaderData;
  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <BackLinks work={estimate} customer={estimate.customer} list={{ href: "/admin/estimates", label: "All estimates" }} />
      {/* Schedule Job's form is a lead's (admin.jobs.new); an estimate without one is scheduled by the later screens that make it. */}
      {estimate.status === "accepted" && estimate.leadId !== null && (
        <Link to={scheduleJobHref(estimate.leadId, estimate.id)} className={buttonClass("primary")}>
          <CalendarPlus aria-hidden className="size-4" />
          Schedule Job
        </Link>
      )}
      <EstimateEditor {...loaderData} failure={actionData ?? undefined} />
    </main>
  );
}
