import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { ShownTime } from "~/lib/time-ago";
import type { TokenView } from "~/server/auth/tokens.server";

/** A token as the page shows it: its times as shown on the page (the loader's). */
export type TokenRow = Pick<TokenView, "id" | "name" | "tokenStart" | "readOnly" | "status"> & {
  created: ShownTime;
  expires: ShownTime;
  lastUsed: ShownTime | null;
  revoked: ShownTime | null;
};

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

/** One of the administrator's tokens: its state, dates and access, and Revoke while it is not revoked. */
export function TokenItem({ token: t, disabled }: { token: TokenRow; disabled: boolean }) {
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
