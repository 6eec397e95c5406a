import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from "~/lib/passkeys";
import { ApiError } from "./AuthProvider";
import { addPasskey, browserHasPasskeys } from "./passkey-client";

const FIELD =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 disabled:bg-slate-50";

/**
 * Add a Passkey (docs/decisions/0134): WebAuthn needs JavaScript, so this is
 * no form: before hydration the button is disabled, and without JavaScript
 * (or WebAuthn, or at an address that cannot hold passkeys) it stays
 * disabled with a line saying why. Once added, the page is loaded again with
 * the new passkey in its list.
 */
export function AddPasskey({ available }: { available: boolean }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  // Why the button cannot work here, if it cannot (read after hydration: the server does not know the browser).
  const reason = !available ? PASSKEY_MESSAGES.unavailable : hydrated && !browserHasPasskeys() ? PASSKEY_MESSAGES.unsupported : "";
  const usable = hydrated && !reason;

  const onAdd = async () => {
    setBusy(true);
    setError("");
    try {
      await addPasskey(name);
      await navigate("/admin/account?done=added", { replace: true, preventScrollReset: true });
      setName("");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : PASSKEY_MESSAGES.addFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="passkey-name" className="mb-1 block text-sm font-medium text-slate-800">
            Passkey Name <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id="passkey-name"
            type="text"
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            placeholder="e.g. Work phone"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!usable || busy}
            aria-describedby="passkey-help"
            className={FIELD}
          />
        </div>
        <button type="button" onClick={() => void onAdd()} disabled={!usable || busy} aria-describedby="passkey-help" className={buttonClass("primary")}>
          <KeyRound aria-hidden className="size-4" />
          {busy ? "Adding..." : "Add a Passkey"}
        </button>
      </div>
      <p id="passkey-help" className="text-sm text-slate-600">
        {reason || "Your browser asks for this device's screen lock (fingerprint, face or PIN), or a security key."}
      </p>
      <noscript>
        <p className="text-sm font-medium text-slate-800">{PASSKEY_MESSAGES.noJavaScript}</p>
      </noscript>
    </div>
  );
}
