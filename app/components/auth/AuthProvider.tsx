import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { popupLogin } from "./google-popup";

/** The signed-in user as GET /api/users/me answers it. */
export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  /** Staff role (docs/decisions/0114); null: signed in, not staff. */
  role: "owner" | "technician" | null;
  /** Kept for API clients from before roles: role is owner. */
  isAdmin?: boolean;
}

interface AuthContextValue {
  user: CurrentUser | null;
  /** True until the first user fetch has finished (success or failure). */
  pending: boolean;
  /** True while the user is being (re)loaded. */
  fetching: boolean;
  refetchUser(): Promise<CurrentUser | null>;
  loginWithGoogle(): Promise<void>;
  sendOtp(email: string): Promise<void>;
  verifyOtp(email: string, otp: string): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() needs an <AuthProvider> above it");
  return value;
}

/**
 * The browser's sign-in state and its calls to the auth API (/api/users/me,
 * /api/send-otp, /api/verify-otp, /api/logout, and the Google popup). Pages
 * that already know the user from their loader pass it as `initialUser`
 * (null: known to be signed out), so nothing is fetched at start; without it
 * the user is fetched once on mount, with `pending` true until that finishes.
 */
export function AuthProvider({ initialUser, children }: { initialUser?: CurrentUser | null; children: ReactNode }) {
  const known = initialUser !== undefined;
  const [user, setUser] = useState<CurrentUser | null>(initialUser ?? null);
  const [pending, setPending] = useState(!known);
  const [fetching, setFetching] = useState(false);

  const refetchUser = useCallback(async () => {
    setFetching(true);
    try {
      const loaded = await fetchCurrentUser();
      setUser(loaded);
      return loaded;
    } finally {
      setFetching(false);
      setPending(false);
    }
  }, []);

  useEffect(() => {
    if (!known) void refetchUser();
  }, [known, refetchUser]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      pending,
      fetching,
      refetchUser,
      async loginWithGoogle() {
        await popupLogin();
        await refetchUser();
      },
      async sendOtp(email) {
        await postJson("/api/send-otp", { email });
      },
      async verifyOtp(email, otp) {
        await postJson("/api/verify-otp", { email, otp });
        await refetchUser();
      },
      async logout() {
        setUser(null);
        try {
          const response = await fetch("/api/logout", { credentials: "same-origin" });
          if (!response.ok) console.error(`Logout failed: HTTP ${response.status}`);
        } catch (error) {
          console.error("Logout failed:", error);
        }
      },
    }),
    [user, pending, fetching, refetchUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const response = await fetch("/api/users/me", { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) {
      // Signed out is the ordinary answer, not worth a log line.
      if (response.status !== 401) console.error(`Failed to fetch user: API responded with HTTP status ${response.status}`);
      return null;
    }
    return (await response.json()) as CurrentUser;
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** An error whose text the server wrote for people (a JSON `error` field). */
export class ApiError extends Error {}

/** POSTs JSON; throws the server's `error` text (as ApiError) when there is one. */
async function postJson(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (data && typeof data.error === "string" && data.error) throw new ApiError(data.error);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return data;
}
