import { lazy } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { NotAdministrator as NotAdministratorNow } from "./components/auth/NotAdministrator";
import { END_OF_PAGE_ID, PublicLayout } from "./components/site/PublicLayout";
import { primaryButton } from "./components/site/styles";
import { useSiteSettings } from "./components/site/use-site-settings";
import { clientMistakeText } from "./lib/client-mistakes";
import type { RootData } from "./lib/root-data";
import { revalidateUnlessQueued } from "./lib/offline";
import { shortName } from "./lib/site-settings";
import { useNonce } from "./lib/nonce";
import { quoteThisId, useRequestId } from "./lib/request-id";
import { shipsScripts } from "./lib/no-scripts";
import { provideDatabase } from "./server/database-middleware.server";
import { databaseContext } from "./server/request-context.server";
import { getSessionUser } from "./server/session.server";
import { getSettingsForPage } from "./server/settings.server";
import publicCssText from "./styles/public.css?inline";

/**
 * The public pages' stylesheet, written into the head of every page instead of
 * linked, so the first paint waits for no request (docs/decisions/0017). Only
 * the server bundle holds the text; in the browser it is read back from the
 * server's element before hydration, so any render of the head keeps it and
 * the page's JavaScript does not carry it. The dashboard adds its own
 * stylesheet (app/routes/admin.tsx).
 */
const PUBLIC_CSS = import.meta.env.SSR
  ? publicCssText
  : (document.getElementById("public-css")?.textContent ?? "");

// Only ever shown at /admin: in the browser its code is fetched when needed, not
// with every public page (docs/decisions/0061). No Suspense around it on either
// side: the server renders it at once, the browser's hydration waits for it.
const NotAdministrator = import.meta.env.SSR
  ? NotAdministratorNow
  : /* @__PURE__ */ lazy(() => import("./components/auth/NotAdministrator").then((m) => ({ default: m.NotAdministrator })));

// First for every request: the database in the context (also under react-router dev).
export const middleware: Route.MiddlewareFunction[] = [provideDatabase];

// The business settings for every page (header, footer, contact details): read
// from the database on each request, so an edit shows at once (docs/decisions/0014).
// `isStaff` shows staff the public header's Dashboard link; a request
// with a session cookie is never served from the page cache (server/page-cache.ts).
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const db = context.get(databaseContext);
  const [settings, user] = await Promise.all([getSettingsForPage(db), getSessionUser(db, request)]);
  return { settings, isStaff: !!user?.role };
}

// A job's field action kept on the phone changed nothing on the server yet (docs/decisions/0142).
export const shouldRevalidate = revalidateUnlessQueued;

// An error that a page threw shows in this route's boundary, and React Router
// takes the headers of the route that shows it: the thrown answer's own (a
// 429's Retry-After) are passed on, instead of none (docs/decisions/0113).
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? new Headers();
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A page whose route declares NO_SCRIPTS (the customer's pages) is plain HTML: no scripts at all.
  // Decided by the server alone: a page that runs in the browser shipped its scripts, so the
  // browser's bundle does not carry the check (a chunk of its own, loaded by every page).
  const matches = useMatches();
  const scripts = !import.meta.env.SSR || shipsScripts(matches);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1220" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style id="public-css" dangerouslySetInnerHTML={{ __html: PUBLIC_CSS }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        {scripts && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
        {/* Where a public page's first paint may happen (PublicLayout's render-blocking link). */}
        <div id={END_OF_PAGE_ID} hidden />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Errors no route handles itself, above all an unknown URL (404): the site's
 * header and footer around the message, so the visitor can carry on. The
 * admin pages have their own boundary (routes/admin.tsx) and keep its look.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const settings = useSiteSettings();
  const requestId = useRequestId();
  // The admin guard refused a signed-in non-administrator (see NotAdministrator).
  if (isRouteErrorResponse(error) && error.status === 403 && error.statusText === "Not an Administrator") {
    return (
      <>
        <title>Admin Dashboard</title>
        <meta name="robots" content="noindex" />
        <NotAdministrator />
      </>
    );
  }
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again, or call us directly.";
  // A fault on our side: the id of its log lines, for the customer to quote (docs/decisions/0120).
  const ours = !isRouteErrorResponse(error) || error.status >= 500;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    details = error.status === 404 || error.status === 405 ? clientMistakeText(error.status) : error.statusText || details;
    // The database is down (a quote that could not be stored): the message says what to do instead.
    const message = (error.data as { message?: unknown } | null)?.message;
    if (error.status === 503 && typeof message === "string") [title, details] = ["We'll be right back", message];
    // A refusal that explains itself (a customer's page past its rate limit): its words, not a bare status.
    const refusal = (error.data as { error?: unknown } | null)?.error;
    if (error.status === 429 && typeof refusal === "string") [title, details] = ["Too many tries", refusal];
  }
  return (
    <PublicLayout>
      {/* React puts these in the head. An error page is never worth indexing. */}
      <title>{`${title} | ${shortName(settings.businessName)}`}</title>
      <meta name="robots" content="noindex" />
      {/* Dark like the other pages' tops, so the header (transparent up here) stays readable. */}
      <section aria-labelledby="error-heading" className="bg-ink-900 px-6 pb-24 pt-36 text-center text-white sm:pt-44">
        <h1 id="error-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">{details}</p>
        {/* Only the server knows the id: the browser keeps the server's text when it hydrates. */}
        {ours && (
          <p suppressHydrationWarning className="mx-auto mt-2 max-w-xl text-sm text-slate-400">
            {requestId ? quoteThisId(requestId) : ""}
          </p>
        )}
        <a href="/" className={`mt-10 ${primaryButton}`}>
          Go to Home
        </a>
      </section>
    </PublicLayout>
  );
}
