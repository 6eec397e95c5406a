import { SIGN_IN_MESSAGES } from "~/lib/sign-in";

/** What the Google return page hands to the page that opened it. */
export type OAuthResult = { type: "success"; code: string; state: string } | { type: "error"; error: string };

/** Local-storage key the return page writes when it has no opener. */
export const OAUTH_RESULT_KEY = "oauth-result";
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const POPUP_CLOSED_CHECK_MS = 1000;

/** Logged, not shown: the login page shows its own message when the popup sign-in fails. */
const POPUP_ERRORS = {
  redirectUrl: (status: number) => `Failed to get login redirect URL: API responded with HTTP status ${status}`,
  exchange: (status: number) => `Failed to exchange code for session token: API responded with HTTP status ${status}`,
  popup: "Failed to open popup window",
  cancelled: "User cancelled the login process",
};

// Only one popup login, and so one code exchange, at a time: a second call joins the first.
let popupInFlight: Promise<void> | null = null;

/**
 * Google sign-in in a centred popup: asks the server for the provider's URL,
 * waits for the return page's answer, and exchanges the code for a session
 * (POST /api/sessions). Throws (and logs) when any step fails.
 */
export function popupLogin(): Promise<void> {
  popupInFlight ??= runPopupLogin().finally(() => (popupInFlight = null));
  return popupInFlight;
}

async function runPopupLogin(): Promise<void> {
  // Open the window first, in the click's turn, so popup blockers let it through.
  const popup = openCentredPopup();
  if (!popup) throw logged(new Error(POPUP_ERRORS.popup));
  let redirectUrl: string;
  try {
    const response = await fetch(`/api/oauth/google/redirect_url?${new URLSearchParams({ originUrl: window.location.origin })}`, {
      credentials: "same-origin",
    });
    if (!response.ok) throw new Error(POPUP_ERRORS.redirectUrl(response.status));
    redirectUrl = ((await response.json()) as { redirectUrl: string }).redirectUrl;
  } catch (error) {
    popup.close();
    throw logged(error);
  }
  popup.location.href = redirectUrl;
  const result = await waitForResult(popup);
  if (result.type === "error") throw logged(new Error(result.error || SIGN_IN_MESSAGES.oauthDefault));
  const response = await fetch("/api/sessions", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: result.code, state: result.state }),
  });
  if (!response.ok) throw logged(new Error(POPUP_ERRORS.exchange(response.status)));
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
    // The return page posts its answer and closes at once; on a busy machine this
    // check can see the popup closed before the posted message is handled. So
    // the popup counts as cancelled only when it is still closed, with no
    // answer, one check later.
    let seenClosed = false;
    const closedCheck = setInterval(() => {
      if (!popup.closed) return;
      // The page may have left its answer in storage just before closing.
      const stored = safeJson(localStorage.getItem(OAUTH_RESULT_KEY));
      if (isOAuthResult(stored)) return accept(stored);
      if (!seenClosed) {
        seenClosed = true;
        return;
      }
      finish(() => reject(new Error(POPUP_ERRORS.cancelled)));
    }, POPUP_CLOSED_CHECK_MS);
    window.addEventListener("message", onMessage);
    window.addEventListener("storage", onStorage);
  });
}

function isOAuthResult(data: unknown): data is OAuthResult {
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
