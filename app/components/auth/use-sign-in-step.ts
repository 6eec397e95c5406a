import { useState } from "react";
import { ApiError } from "./AuthProvider";

export type SignInStepKind = "google" | "send" | "verify" | "passkey";

/**
 * The login page's one step at a time: which step is running (every button
 * is disabled meanwhile) and the message to show. A step that fails shows the
 * server's text when it sent one, else `fallback` (offline, a proxy's error
 * page, a closed popup).
 */
export function useSignInStep(initialError: string) {
  const [busy, setBusy] = useState<SignInStepKind | null>(null);
  const [error, setError] = useState(initialError);

  async function run(kind: SignInStepKind, work: () => Promise<void>, fallback: string) {
    setBusy(kind);
    setError("");
    try {
      await work();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : fallback);
    } finally {
      setBusy(null);
    }
  }

  return { busy, error, setError, run };
}

export type SignInSteps = ReturnType<typeof useSignInStep>;
