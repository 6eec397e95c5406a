import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./lib/nonce";
import { provideDatabase } from "./server/database-middleware.server";

// First for every request: the database in the context (also under react-router dev).
export const middleware: Route.MiddlewareFunction[] = [provideDatabase];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1220" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again, or call us directly.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    details = error.status === 404 ? "The page you were looking for does not exist." : error.statusText || details;
    // The database is down (a quote that could not be stored): the message says what to do instead.
    const message = (error.data as { message?: unknown } | null)?.message;
    if (error.status === 503 && typeof message === "string") [title, details] = ["We'll be right back", message];
  }
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{details}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
        Go to Home
      </a>
    </main>
  );
}
