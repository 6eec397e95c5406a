/**
 * The import graph's rules (docs/decisions/0069), checked in the suite by
 * tests/integration/import-graph.test.ts, and by hand with
 *   npx depcruise app server db scripts bench tests/helpers
 * Type-only imports count: a cycle through a type still ties the modules
 * together (one cannot be read, moved or tested without the other).
 */
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A module never imports itself back through others. Move the shared piece down: a type to a module both import, " +
        "a helper to a leaf, the function that composes them to a module above them.",
      from: {},
      to: { circular: true },
    },
    {
      name: "database-below-the-server",
      severity: "error",
      comment:
        "The database layer (db/: migrations, seed, types) is below the app's server code: app/server opens, migrates and " +
        "seeds the database, so db/ never imports app/server, the routes, the components or the server entry (it may " +
        "import app/lib, the shared leaves). Move what it needs down into db/ (as db/actor.ts, db/site-settings-row.ts) or pass it in.",
      from: { path: "^db/" },
      to: { path: "^(app/(server|routes|components)/|app/(root|routes|entry[.]server)[.]tsx?$|server/)" },
    },
    {
      name: "public-pages-without-dashboard-components",
      severity: "error",
      comment:
        "A public page (a route outside /admin and /api, the root, the site's components) never imports the dashboard's " +
        "components, directly or through others: every visitor would download them.",
      from: { path: "^app/(routes/(?!admin|api[.])[^/]+[.]tsx?$|root[.]tsx$|components/site/)" },
      to: { path: "^app/components/(admin|leads)/", reachable: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    // React Router's generated route types (./+types/…) import the route back:
    // generated, not ours to arrange.
    exclude: { path: "^(\\.react-router|build)" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
