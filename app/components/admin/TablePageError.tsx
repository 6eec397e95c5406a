import { isRouteErrorResponse, Link } from "react-router";

/** The error boundary of a table's pages: an unknown table (404) or any other failure, with the way back. */
export function TablePageError({ error, notFound, failed }: { error: unknown; notFound: string; failed: string }) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-7xl px-6 py-12">
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h2 className="text-lg font-semibold">{isNotFound ? "Table not found" : "Something went wrong"}</h2>
        <p className="mt-1 text-sm">{isNotFound ? notFound : failed}</p>
        <Link to="/admin" className="mt-4 inline-block text-sm font-semibold text-red-900 underline">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}
