import type { FormEvent } from "react";
import { data, isRouteErrorResponse, Link, Outlet, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { AuthProvider, useAuth } from "~/components/auth/AuthProvider";
import { NotAdministrator } from "~/components/auth/NotAdministrator";
import { OfflineQueueStatus } from "~/components/offline/OfflineQueueStatus";
import { forgetOfflineData } from "~/components/offline/service-worker";
import { FullScreenMessage } from "~/components/ui/FullScreenMessage";
import { APP_ICONS, revalidateUnlessQueued, WEB_MANIFEST_URL } from "~/lib/offline";
import { useHydrated } from "~/components/ui/use-hydrated";
// The dashboard's stylesheet: linked on the admin pages only (docs/decisions/0017).
import "~/styles/admin.css";
import { adminUserContext } from "~/server/auth/current-user.server";
import { can, mayOpenDashboardPage } from "~/server/auth/permissions.server";
import { requireUser } from "~/server/guards.server";
import { newLeadCount } from "~/server/leads/inbox.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin";

/**
 * The one guard of the admin pages, run before every loader under /admin:
 * signed out → /login?returnUrl=<this page>; signed in but not staff, or a
 * technician on a page that is the owner's (every page and action but the
 * few of permissions.server.ts) → 403, shown by this layout's ErrorBoundary
 * as the 'Not an Administrator' screen.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, context }) => {
    const user = await requireUser(context.get(databaseContext), request, url);
    if (!mayOpenDashboardPage(user, request.method, url.pathname)) throw data({ email: user.email }, { status: 403, statusText: "Not an Administrator" });
    context.set(adminUserContext, user);
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  // The header's "Leads (3)" on every dashboard page; fresh after each action (loaders revalidate).
  const user = context.get(adminUserContext)!;
  // A technician's header has the schedule only (docs/decisions/0114).
  const owner = can(user, "staff.manage");
  return { user, owner, newLeads: owner ? await newLeadCount(context.get(databaseContext)) : 0 };
}

// The staff's installable app (docs/decisions/0141): named by the admin pages only.
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: WEB_MANIFEST_URL },
  { rel: "apple-touch-icon", href: APP_ICONS[0] },
];

// A field action kept on the phone changed nothing on the server yet (docs/decisions/0142).
export const shouldRevalidate = revalidateUnlessQueued;

export function meta() {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AuthProvider initialUser={loaderData.user}>
      <AdminShell newLeads={loaderData.newLeads} owner={loaderData.owner} />
    </AuthProvider>
  );
}

function AdminShell({ newLeads, owner }: { newLeads: number; owner: boolean }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();

  // Every navigation under /admin passes the guard above again on the server.
  // Shown when moving to another admin page, not for a sort, search or page
  // change within the same table (the same path), where it would only flicker.
  const checking =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/admin") &&
    navigation.location.pathname !== location.pathname;

  const onLogout = async (event: FormEvent) => {
    event.preventDefault();
    await auth.logout();
    await navigate("/login", { replace: true });
    // The root loader's data (the public header's Dashboard link) was read signed in.
    await revalidator.revalidate();
    // A shared phone: the pages kept for offline use and the changes waiting go with the session (docs/decisions/0141);
    // last, so that no request of this page through the worker keeps anything again.
    await forgetOfflineData();
  };

  // After Logout the user is cleared at once, while the server call and the move to /login finish.
  if (!auth.user) return <FullScreenMessage text="Loading..." />;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-6 py-4">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
            <p className="text-sm text-slate-600">Manage your application data</p>
          </div>
          <div className="flex items-center gap-4">
            {checking ? (
              <span role="status" className="text-sm text-slate-500">
                Checking permissions...
              </span>
            ) : null}
            <span className="text-sm text-slate-700">Welcome, {auth.user.email}</span>
            <form method="post" action="/api/logout" onSubmit={hydrated ? onLogout : undefined}>
              <button
                type="submit"
                className="min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
              >
                Logout
              </button>
            </form>
          </div>
        </div>
        <DashboardNav newLeads={newLeads} owner={owner} />
        <OfflineQueueStatus />
      </header>
      <Outlet />
    </div>
  );
}

/** The dashboard's sections (the owner's; a technician's is the schedule alone). */
function DashboardNav({ newLeads, owner }: { newLeads: number; owner: boolean }) {
  const { pathname } = useLocation();
  const inLeads = pathname === "/admin/leads" || pathname.startsWith("/admin/leads/");
  const inSettings = pathname === "/admin/settings";
  const inTokens = pathname === "/admin/tokens";
  const inApi = pathname === "/admin/api";
  const inStaff = pathname === "/admin/staff";
  const inPriceBook = pathname === "/admin/price-book";
  const inReports = pathname === "/admin/reports";
  const inPlans = pathname === "/admin/plans";
  const inEstimates = pathname === "/admin/estimates" || pathname.startsWith("/admin/estimates/");
  // A job's page (/admin/jobs/{id}) belongs to the schedule's section.
  const inSchedule = pathname === "/admin/schedule" || pathname.startsWith("/admin/jobs/");
  const inToday = pathname === "/admin/today";
  const inInvoices = pathname === "/admin/invoices" || pathname.startsWith("/admin/invoices/");
  const inCustomers = pathname === "/admin/customers" || pathname.startsWith("/admin/customers/");
  // "page" on the inbox itself; "true" (this section) on a lead's page or a table.
  const leadsCurrent = pathname === "/admin/leads" ? "page" : inLeads ? "true" : undefined;
  const tab = (current: boolean) =>
    `inline-flex min-h-11 items-center border-b-2 px-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
      current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
    }`;
  // One's own account (passkeys), every staff role's (docs/decisions/0134).
  const inAccount = pathname === "/admin/account";
  const accountLink = (
    <Link to="/admin/account" aria-current={inAccount ? "page" : undefined} className={tab(inAccount)}>
      Your Account
    </Link>
  );
  const todayLink = (
    <Link to="/admin/today" aria-current={inToday ? "page" : undefined} className={tab(inToday)}>
      Today
    </Link>
  );
  const scheduleLink = (
    <Link to="/admin/schedule" aria-current={pathname === "/admin/schedule" ? "page" : inSchedule ? "true" : undefined} className={tab(inSchedule)}>
      Schedule
    </Link>
  );
  if (!owner)
    return (
      <nav aria-label="Dashboard" className="mx-auto flex max-w-7xl flex-wrap gap-x-6 px-6">
        {todayLink}
        {scheduleLink}
        {accountLink}
      </nav>
    );
  return (
    <nav aria-label="Dashboard" className="mx-auto flex max-w-7xl flex-wrap gap-x-6 px-6">
      <Link to="/admin/leads" aria-current={leadsCurrent} className={tab(inLeads)}>
        {newLeads > 0 ? `Leads (${newLeads})` : "Leads"}
      </Link>
      <Link to="/admin/estimates" aria-current={pathname === "/admin/estimates" ? "page" : inEstimates ? "true" : undefined} className={tab(inEstimates)}>
        Estimates
      </Link>
      {todayLink}
      {scheduleLink}
      <Link to="/admin/invoices" aria-current={pathname === "/admin/invoices" ? "page" : inInvoices ? "true" : undefined} className={tab(inInvoices)}>
        Invoices
      </Link>
      <Link to="/admin/customers" aria-current={pathname === "/admin/customers" ? "page" : inCustomers ? "true" : undefined} className={tab(inCustomers)}>
        Customers
      </Link>
      <Link
        to="/admin"
        aria-current={inLeads || inSettings || inTokens || inApi || inStaff || inEstimates || inToday || inSchedule || inInvoices || inCustomers || inPriceBook || inReports || inPlans || inAccount ? undefined : "true"}
        className={tab(!inLeads && !inSettings && !inTokens && !inApi && !inStaff && !inEstimates && !inToday && !inSchedule && !inInvoices && !inCustomers && !inPriceBook && !inReports && !inPlans && !inAccount)}
      >
        Tables
      </Link>
      <Link to="/admin/price-book" aria-current={inPriceBook ? "page" : undefined} className={tab(inPriceBook)}>
        Price Book
      </Link>
      <Link to="/admin/plans" aria-current={inPlans ? "page" : undefined} className={tab(inPlans)}>
        Plans
      </Link>
      <Link to="/admin/reports" aria-current={inReports ? "page" : undefined} className={tab(inReports)}>
        Reports
      </Link>
      <Link to="/admin/settings" aria-current={inSettings ? "page" : undefined} className={tab(inSettings)}>
        Business Settings
      </Link>
      <Link to="/admin/tokens" aria-current={inTokens ? "page" : undefined} className={tab(inTokens)}>
        API Tokens
      </Link>
      <Link to="/admin/api" aria-current={inApi ? "page" : undefined} className={tab(inApi)}>
        API
      </Link>
      <Link to="/admin/staff" aria-current={inStaff ? "page" : undefined} className={tab(inStaff)}>
        Staff
      </Link>
      {accountLink}
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <NotAdministrator />;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "An unexpected error occurred.";
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
        Go to Home
      </Link>
    </main>
  );
}
