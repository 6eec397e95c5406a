import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

/** The signed-in user as GET /api/users/me answers it. */
export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  isAdmin: boolean;
}

/** What the Google return page hands to the page that opened it. */
export type OAuthResult = { type: "success"; code: string; state: string } | { type: "error"; error: string };

/** Local-storage key the return page writes when it has no opener. */
export const OAUTH_RESULT_KEY = "oauth-result";
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const POPUP_CLOSED_CHECK_MS = 1000;

export const AUTH_ERRORS = {
  fetchUser: (status: number) => `Failed to fetch user: API responded with HTTP status ${status}`,
  redirectUrl: (status: number) => `Failed to get login redirect URL: API responded with HTTP status ${status}`,
  exchange: (status: number) => `Failed to exchange code for session token: API responded with HTTP status ${status}`,
  popup: "Failed to open popup window",
  cancelled: "User cancelled the login process",
  oauthDefault: "OAuth authorization failed",
  noCodeOrError: "No OAuth code or error found in URL parameters.",
};

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
 * The browser's sign-in state and calls (product spec §4, §7). Pages that
 * already know the user from their loader pass it as `initialUser` (null:
 * known to be signed out), so nothing is fetched at start; without it the user
 * is fetched once on mount, with `pending` true until that finishes.
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
  return createElement(AuthContext.Provider, { value }, children);
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const response = await fetch("/api/users/me", { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) {
      // Signed out is the ordinary answer, not worth a log line.
      if (response.status !== 401) console.error(AUTH_ERRORS.fetchUser(response.status));
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

// Only one popup login, and so one code exchange, at a time: a second call joins the first.
let popupInFlight: Promise<void> | null = null;

function popupLogin(): Promise<void> {
  popupInFlight ??= runPopupLogin().finally(() => (popupInFlight = null));
  return popupInFlight;
}

async function runPopupLogin(): Promise<void> {
  // Open the window first, in the click's turn, so popup blockers let it through.
  const popup = openCentredPopup();
  if (!popup) throw logged(new Error(AUTH_ERRORS.popup));
  let redirectUrl: string;
  try {
    const response = await fetch(`/api/oauth/google/redirect_url?${new URLSearchParams({ originUrl: window.location.origin })}`, {
      credentials: "same-origin",
    });
    if (!response.ok) throw new Error(AUTH_ERRORS.redirectUrl(response.status));
    redirectUrl = ((await response.json()) as { redirectUrl: string }).redirectUrl;
  } catch (error) {
    popup.close();
    throw logged(error);
  }
  popup.location.href = redirectUrl;
  const result = await waitForResult(popup);
  if (result.type === "error") throw logged(new Error(result.error || AUTH_ERRORS.oauthDefault));
  const response = await fetch("/api/sessions", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: result.code, state: result.state }),
  });
  if (!response.ok) throw logged(new Error(AUTH_ERRORS.exchange(response.status)));
}

function openCentredPopup(): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return window.open(
    "about:blank",
    "google-sign-in",
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
}

/** The return page's message (same origin only), its local-storage note, or the user closing the popup. */
function waitForResult(popup: Window): Promise<OAuthResult> {
  localStorage.removeItem(OAUTH_RESULT_KEY);
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("storage", onStorage);
      clearInterval(closedCheck);
      outcome();
    };
    const accept = (data: unknown) => {
      if (!isOAuthResult(data)) return;
      localStorage.removeItem(OAUTH_RESULT_KEY);
      finish(() => resolve(data));
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      accept(event.data);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === OAUTH_RESULT_KEY && event.newValue) accept(safeJson(event.newValue));
    };
    const closedCheck = setInterval(() => {
      if (!popup.closed) return;
      // The page may have left its answer in storage just before closing.
      const stored = safeJson(localStorage.getItem(OAUTH_RESULT_KEY));
      if (isOAuthResult(stored)) return accept(stored);
      finish(() => reject(new Error(AUTH_ERRORS.cancelled)));
    }, POPUP_CLOSED_CHECK_MS);
    window.addEventListener("message", onMessage);
    window.addEventListener("storage", onStorage);
  });
}

export function isOAuthResult(data: unknown): data is OAuthResult {
  if (!data || typeof data !== "object") return false;
  const d = data as Record<string, unknown>;
  return (
    (d.type === "success" && typeof d.code === "string" && typeof d.state === "string") ||
    (d.type === "error" && typeof d.error === "string")
  );
}

function safeJson(value: string | null): unknown {
  try {
    return value ? JSON.parse(value) : null;
  } catch {
    return null;
  }
}

function logged(error: unknown): Error {
  console.error(error);
  return error instanceof Error ? error : new Error(String(error));
}
