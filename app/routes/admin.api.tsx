import { Link } from "react-router";
import { apiView, type EndpointView, type FieldView } from "~/server/api/openapi-view.server";
import { databaseContext } from "~/server/request-context.server";
import { getSettingsForPage } from "~/server/settings.server";
import type { Route } from "./+types/admin.api";

/*
 * /admin/api — the API described for people: every endpoint of
 * /api/openapi.json with its parameters, body and answers, and the schemas
 * (each table's among them), rendered on the server from the same document
 * (app/server/api/openapi.server.ts), titled with the business's name from
 * the settings. <details> open and close without JavaScript; no API-browser
 * library is loaded.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { businessName } = await getSettingsForPage(context.get(databaseContext));
  return apiView(businessName);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Admin Dashboard` : "API · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

const METHOD_BADGE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

export default function AdminApi({ loaderData }: Route.ComponentProps) {
  const { title, version, description, tags, endpoints, schemas } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h2 className="text-xl font-bold text-slate-900">API</h2>
      <p className="mt-1 text-sm text-slate-600">
        {title} {version}. {description}
      </p>
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <a href="/api/openapi.json" className="font-semibold text-brand-700 underline">
          OpenAPI document (JSON)
        </a>
        <Link to="/admin/tokens" className="font-semibold text-brand-700 underline">
          Your API tokens
        </Link>
      </p>

      <section aria-labelledby="endpoints-heading" className="mt-8">
        <h3 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
          Endpoints
        </h3>
        {tags.map((tag) => {
          const group = endpoints.filter((e) => e.tag === tag.name);
          if (!group.length) return null;
          return (
            <div key={tag.name} className="mt-4">
              <h4 className="font-semibold text-slate-900">{tag.name}</h4>
              {tag.description && <p className="text-sm text-slate-600">{tag.description}</p>}
              <ul className="mt-2 space-y-2">
                {group.map((e) => (
                  <Endpoint key={`${e.method} ${e.path}`} endpoint={e} />
                ))}
              </ul>
            </div>
          );
        })}
      </section>

      <section aria-labelledby="schemas-heading" className="mt-10">
        <h3 id="schemas-heading" className="text-lg font-semibold text-slate-900">
          Schemas
        </h3>
        <p className="text-sm text-slate-600">
          A table's schema (named after it) is a row as the API returns it; <code>_create</code> is what adding one takes and{" "}
          <code>_update</code> what changing one takes.
        </p>
        <ul className="mt-3 space-y-2">
          {schemas.map((s) => (
            <li key={s.name} className="rounded-xl border border-slate-200 bg-white">
              <details id={`schema-${s.name}`}>
                <summary className="cursor-pointer px-4 py-3 font-mono text-sm font-semibold break-all text-slate-900">
                  {s.name}
                  {s.title && <span className="ml-2 font-sans font-normal text-slate-600">{s.title}</span>}
                </summary>
                <div className="border-t border-slate-200 px-4 py-3">
                  {s.description && <p className="mb-2 text-sm text-slate-600">{s.description}</p>}
                  <Fields fields={s.fields} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

function Endpoint({ endpoint: e }: { endpoint: EndpointView }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
          <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_BADGE[e.method] ?? "bg-slate-100 text-slate-900"}`}>{e.method}</span>
          <code className="font-mono text-sm font-semibold break-all text-slate-900">{e.path}</code>
          <span className="text-sm text-slate-700">{e.summary}</span>
        </summary>
        <div className="space-y-3 border-t border-slate-200 px-4 py-3 text-sm">
          <p>
            <span className="font-semibold text-slate-900">Authentication: </span>
            {e.auth}
          </p>
          {e.parameters.length > 0 && (
            <div>
              <p className="font-semibold text-slate-900">Parameters</p>
              <Fields fields={e.parameters} />
            </div>
          )}
          {e.body && (
            <div>
              <p className="font-semibold text-slate-900">Body</p>
              <p className="break-words text-slate-700">
                <code className="font-mono text-xs">{e.body.type}</code>
                {e.body.description && <span className="ml-2">{e.body.description}</span>}
              </p>
            </div>
          )}
          <div>
            <p className="font-semibold text-slate-900">Answers</p>
            <ul className="mt-1 space-y-1">
              {e.responses.map((r) => (
                <li key={r.status} className="break-words text-slate-700">
                  <span className="font-mono font-semibold text-slate-900">{r.status}</span> {r.description}
                  {r.type && <code className="ml-2 font-mono text-xs text-slate-600">{r.type}</code>}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </details>
    </li>
  );
}

function Fields({ fields }: { fields: FieldView[] }) {
  return (
    <ul className="mt-1 space-y-1.5">
      {fields.map((f) => (
        <li key={f.name} className="break-words text-slate-700">
          <code className="font-mono text-xs font-semibold text-slate-900">{f.name}</code>{" "}
          <code className="font-mono text-xs text-slate-600">{f.type}</code>
          {f.rules.length > 0 && <span className="text-slate-600"> · {f.rules.join(", ")}</span>}
          {f.description && <span className="block text-xs text-slate-600">{f.description}</span>}
        </li>
      ))}
    </ul>
  );
}
