import { KeyRound } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";

/** The token just made: shown this once, in a read-only field to select or copy. */
export function NewToken({ name, token }: { name: string; token: string }) {
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
