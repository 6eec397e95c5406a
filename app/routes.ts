import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("api/forms/submit", "routes/api.forms.submit.ts"),

  // Administrators' API: one guard for all of it.
  layout("routes/api.admin-guard.ts", [
    route("api/admin/schemas", "routes/api.admin.schemas.ts"),
    route("api/admin/schemas/:name", "routes/api.admin.schemas.$name.ts"),
    route("api/tables/:table", "routes/api.tables.$table.ts"),
    route("api/tables/:table/export", "routes/api.tables.$table.export.ts"),
    route("api/tables/:table/:id", "routes/api.tables.$table.$id.ts"),
    route("api/upload/:kind", "routes/api.upload.$kind.ts"),
  ]),
  // Uploaded files are public (the site shows them); served so they never run script.
  route("uploads/:name", "routes/uploads.$name.ts"),
] satisfies RouteConfig;
