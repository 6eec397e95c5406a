import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("gallery", "routes/gallery.tsx"),
  route("care-guides", "routes/care-guides.tsx"),
  route("care-guides/:slug", "routes/care-guides.$slug.tsx"),
  // The services are a section of the home page; /services is where people guess they are.
  route("services", "routes/services.ts"),
  // Book online (docs/decisions/0128): the choosing steps are GET forms, the booking a POST; its live price as JSON.
  route("book", "routes/book.tsx"),
  route("book/price", "routes/book.price.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("api/forms/submit", "routes/api.forms.submit.ts"),
  // The customer's pages: every answer private and never indexed (the layout's middleware, docs/decisions/0113).
  layout("routes/customer-pages.ts", [
    // The customer's estimate, reached through its unguessable link (docs/decisions/0081).
    route("estimates/:token", "routes/estimates.$token.tsx"),
    route("estimates/:token/pdf", "routes/estimates.$token.pdf.ts"),
    // The customer's appointment and its calendar file, by the job's unguessable link (docs/decisions/0084).
    route("appointments/:token", "routes/appointments.$token.tsx"),
    route("appointments/:token/calendar.ics", "routes/appointments.$token.calendar[.]ics.ts"),
    // Its newest condition report, the PDF as it was e-mailed (docs/decisions/0136).
    route("appointments/:token/condition-report.pdf", "routes/appointments.$token.condition-report[.]pdf.ts"),
    // The customer's invoice, likewise (docs/decisions/0088).
    route("invoices/:token", "routes/invoices.$token.tsx"),
    route("invoices/:token/pdf", "routes/invoices.$token.pdf.ts"),
    // The customer's review of a job, and the one-click unsubscribe of such e-mails (docs/decisions/0091).
    route("reviews/:token", "routes/reviews.$token.tsx"),
    route("unsubscribe/:token", "routes/unsubscribe.$token.tsx"),
    // The customer's maintenance plan: its visits, Skip Next Visit, Pause Plan, Cancel Plan (docs/decisions/0145).
    route("plans/:token", "routes/plans.$token.tsx"),
  ]),
  // The owner's private calendar feed, /calendar/{token}.ics: the segment is the whole file name.
  route("calendar/:file", "routes/calendar.$file.ts"),

  // Sign-in (the page, Google's return page) and the auth API.
  route("login", "routes/login.tsx"),
  route("auth/google/callback", "routes/auth.google.callback.tsx"),
  route("api/users/me", "routes/api.users.me.ts"),
  route("api/logout", "routes/api.logout.ts"),
  route("api/send-otp", "routes/api.send-otp.ts"),
  route("api/verify-otp", "routes/api.verify-otp.ts"),
  route("api/oauth/google/redirect_url", "routes/api.oauth.google.redirect_url.ts"),
  route("api/sessions", "routes/api.sessions.ts"),
  // Passkeys (docs/decisions/0134): adding one to one's own account (staff), and signing in with one.
  route("api/passkeys/register/options", "routes/api.passkeys.register.options.ts"),
  route("api/passkeys/register", "routes/api.passkeys.register.ts"),
  route("api/passkeys/sign-in/options", "routes/api.passkeys.sign-in.options.ts"),
  route("api/passkeys/sign-in", "routes/api.passkeys.sign-in.ts"),
  // Outside the guard below: it answers {isAdmin: false} to signed-in non-administrators.
  route("api/admin/status", "routes/api.admin.status.ts"),
  // The OpenAPI document of every /api route (public: it describes, it grants nothing).
  route("api/openapi.json", "routes/api.openapi[.]json.ts"),

  // The admin pages: the layout's middleware guards every page under it.
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    // The lead inbox and a lead's page (before the tables: "leads" is not a table name).
    route("leads", "routes/admin.leads.tsx"),
    route("leads/:id", "routes/admin.leads.$id.tsx"),
    // Estimates and their editor (before :table, like the inbox).
    route("estimates", "routes/admin.estimates.tsx"),
    route("estimates/:id", "routes/admin.estimates.$id.tsx"),
    route("estimates/:id/pdf", "routes/admin.estimates.$id.pdf.ts"),
    // The signed-in person's jobs of a day, on the phone (issue 36; before :table, like the inbox).
    route("today", "routes/admin.today.tsx"),
    // The week's jobs (before :table, like the inbox).
    route("schedule", "routes/admin.schedule.tsx"),
    // Reset feed address (the schedule page's calendar feed form): an action only.
    route("schedule/feed", "routes/admin.schedule.feed.ts"),
    // Jobs: Schedule Job's form and a job's page (before :table, like the inbox).
    route("jobs/new", "routes/admin.jobs.new.tsx"),
    route("jobs/:id", "routes/admin.jobs.$id.tsx"),
    // A job's condition report as the PDF the customer was sent (the owner's and the assigned technician's).
    route("jobs/:id/condition-reports/:reportId/pdf", "routes/admin.jobs.$id.condition-reports.$reportId.pdf.ts"),
    // Invoices, payments and the accountant's export (before :table, like the inbox).
    route("invoices", "routes/admin.invoices.tsx"),
    route("invoices/new", "routes/admin.invoices.new.ts"),
    route("invoices/export", "routes/admin.invoices.export.ts"),
    route("invoices/:id", "routes/admin.invoices.$id.tsx"),
    route("invoices/:id/pdf", "routes/admin.invoices.$id.pdf.ts"),
    // Customers: the list and one customer's page (before :table, like the inbox).
    route("customers", "routes/admin.customers.tsx"),
    route("customers/:id", "routes/admin.customers.$id.tsx"),
    // Export Data: everything about one customer as a JSON download (docs/decisions/0122).
    route("customers/:id/export", "routes/admin.customers.$id.export.ts"),
    // The business settings: one form, not a table (before :table, like the inbox).
    route("settings", "routes/admin.settings.tsx"),
    // API tokens and the API's description (before :table, like the inbox).
    route("tokens", "routes/admin.tokens.tsx"),
    route("api", "routes/admin.api.tsx"),
    // The owner's staff and their roles (before :table, like the inbox).
    route("staff", "routes/admin.staff.tsx"),
    // One's own account, every staff role's: passkeys (docs/decisions/0134; before :table, like the inbox).
    route("account", "routes/admin.account.tsx"),
    // What online booking sells and its prices (before :table, like the inbox).
    route("price-book", "routes/admin.price-book.tsx"),
    // Maintenance plans: what the owner sells as recurring visits (docs/decisions/0145; before :table, like the inbox).
    route("plans", "routes/admin.plans.tsx"),
    // The owner's numbers (docs/decisions/0150): the page and each table's CSV.
    route("reports", "routes/admin.reports.tsx"),
    route("reports/:report/csv", "routes/admin.reports.$report.csv.ts"),
    route(":table", "routes/admin.$table.tsx"),
    route(":table/trash", "routes/admin.$table.trash.tsx"),
    // CSV import: a page of its own, a plain multipart form that works without JavaScript.
    route(":table/import", "routes/admin.$table.import.tsx"),
  ]),

  // Administrators' API: one guard for all of it.
  layout("routes/api.admin-guard.ts", [
    route("api/admin/schemas", "routes/api.admin.schemas.ts"),
    route("api/admin/schemas/:name", "routes/api.admin.schemas.$name.ts"),
    route("api/tables/:table", "routes/api.tables.$table.ts"),
    route("api/tables/:table/export", "routes/api.tables.$table.export.ts"),
    route("api/tables/:table/import", "routes/api.tables.$table.import.ts"),
    route("api/tables/:table/:id", "routes/api.tables.$table.$id.ts"),
    route("api/tables/:table/:id/restore", "routes/api.tables.$table.$id.restore.ts"),
    route("api/upload/:kind", "routes/api.upload.$kind.ts"),
  ]),
  // Uploaded files are public (the site shows them); served so they never run script.
  route("uploads/:name", "routes/uploads.$name.ts"),

  // Last: any other address is a 404, answered through a route so that the
  // root loader (the business settings) runs and the error page shows them.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
