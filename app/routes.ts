import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("api/forms/submit", "routes/api.forms.submit.ts"),

  // Administrators' API: one guard for all of it.
  layout("routes/api.admin-guard.ts", [
  ]),
] satisfies RouteConfig;
