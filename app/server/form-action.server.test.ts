import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { JobFields } from "~/components/jobs/JobFields";
import { JOB_CONSTRAINT, jobSchema } from "~/lib/job-input";
import { AppError, appErrorAnswer, atEdge, methodNotAllowed } from "./app-error.server";
import { postedForm } from "./form-body.server";
import { dispatchIntent, parseForm, postedIntent, refusedOnForm } from "./form-action.server";

// The one edge (docs/decisions/0119) and the one form pipeline (docs/decisions/0118).

const TODAY = "2026-11-27";
const ZONE = "America/Detroit";
const jobPost = (rest: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ date: "2026-12-07", startTime: "09:00", durationMinutes: "120", address: "12 Main St", notes: "", vehicleId: "", ...rest })) form.set(name, value);
  return form;
};

async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("the AppError edge", () => {
  it("answers an AppError thrown below a loader or action with its status, message and headers", async () => {
    const loader = atEdge(async () => {
      throw methodNotAllowed("POST");
    });
    const answer = await thrownBy(() => loader({}));
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ error: "Use POST" });
  });

  it("answers a server function's refusal: a body that is not a form is a 415 with its message", async () => {
    const action = atEdge(async ({ request }: { request: Request }) => postedForm(request));
    const request = new Request("http://localhost/admin/jobs/1", { method: "POST", body: "x", headers: { "Content-Type": "text/plain" } });
    const response = (await thrownBy(() => action({ request }))) as Response;
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Send the form as application/x-www-form-urlencoded or multipart/form-data" });
  });

  it("passes a redirect and a bug through untouched", async () => {
    const redirect = new Response(null, { status: 303, headers: { Location: "/x" } });
    expect(await thrownBy(() => atEdge(async () => Promise.reject(redirect))({}))).toBe(redirect);
    const bug = new TypeError("a bug");
    expect(await thrownBy(() => atEdge(async () => Promise.reject(bug))({}))).toBe(bug);
    expect(() => appErrorAnswer(bug)).toThrow(bug);
  });

  it("gives fields with the message when the error has them", async () => {
    const response = appErrorAnswer(new AppError(409, "Taken", { fields: { startTime: "Another job holds it." }, headers: { "Retry-After": "5" } }));
    expect(response.status).toBe(409);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ error: "Taken", fields: { startTime: "Another job holds it." } });
  });
});

describe("the form pipeline", () => {
  it("reads a posted form through its schema, and refuses a bad value with the field's message", () => {
    expect(parseForm(jobPost({ address: "  12  Main St " }), jobSchema(TODAY, ZONE))).toEqual({
      date: "2026-12-07",
      startTime: "09:00",
      durationMinutes: 120,
      address: "12 Main St",
      notes: "",
      vehicleId: null,
    });
    const refusal = (() => {
      try {
        parseForm(jobPost({ durationMinutes: "0", address: "" }), jobSchema(TODAY, ZONE));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(400);
    expect((refusal as AppError).message).toBe("Please correct the highlighted fields.");
    expect((refusal as AppError).fields).toEqual({
      durationMinutes: "Duration (minutes) must be a whole number from 1 to 10080 (a week).",
      address: "Address is required: where the job is done.",
    });
  });

  it("gives the browser's fields their constraints from the same schema", () => {
    expect(JOB_CONSTRAINT).toMatchObject({ date: { required: true }, address: { required: true }, notes: { required: false }, vehicleId: { required: false } });
    const html = renderToStaticMarkup(
      createElement(JobFields, { idPrefix: "job", values: { date: "", startTime: "", durationMinutes: "", address: "", notes: "", vehicleId: "" }, saved: { addresses: [], vehicles: [] } }),
    );
    expect(html).toMatch(/<input id="job-address"[^>]*required=""/);
    expect(html).not.toMatch(/<textarea id="job-notes"[^>]*required=""/);
  });

  it("dispatches intents one way: a known one runs its handler, an unknown one is a 400 naming them", async () => {
    const handlers = { cancel: async () => "cancelled", done: async () => "done" };
    const post = (intent: string) => {
      const form = new FormData();
      form.set("intent", intent);
      return form;
    };
    expect(await dispatchIntent(postedIntent(post("done"), handlers), handlers)).toBe("done");
    expect(postedIntent(post("toString"), handlers)).toBe("");
    const unknown = (await thrownBy(() => dispatchIntent(postedIntent(post("x"), handlers), handlers))) as AppError;
    expect([unknown.status, unknown.message]).toEqual([400, "intent must be cancel or done"]);
  });

  it("shows a refusal on its form with its status, and sends the page's own errors to the edge", async () => {
    const onForm = (error: AppError) => (error.status === 404 ? undefined : { error: error.message, fields: error.fields });
    const shown = await refusedOnForm(() => Promise.reject(new AppError(409, "Taken", { fields: { date: "Taken" } })), onForm);
    expect(shown).toMatchObject({ type: "DataWithResponseInit", data: { error: "Taken", fields: { date: "Taken" } }, init: { status: 409 } });
    const gone = new AppError(404, "Job not found");
    expect(await thrownBy(() => refusedOnForm(() => Promise.reject(gone), onForm))).toBe(gone);
  });
});
