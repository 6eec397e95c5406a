import { Link } from "react-router";

/**
 * The refusal a signed-in non-administrator sees at /admin. Shown by the admin
 * layout's boundary, and by the root's when the admin guard (middleware) throws
 * on a document request: the root has a loader (the business settings), so
 * React Router sends a middleware error to the root's boundary.
 */
export function NotAdministrator() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-6">
      <div className="max-w-md rounded-2xl bg-white p-8 text-center shadow-lg">
        <h1 className="text-2xl font-bold text-slate-900">Not an Administrator</h1>
        <p className="mt-4 text-slate-600">You don't have permission to access the admin dashboard.</p>
        <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Go to Home
        </Link>
      </div>
    </main>
  );
}
