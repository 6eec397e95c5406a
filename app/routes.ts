import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),

  // Administrators' API: one guard for all of it.
  layout("routes/api.admin-guard.ts", [
  ]),
] satisfies RouteConfig;
