import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { Plugin } from "vite";
import routes from "../routes";

/*
 * What the public stylesheet (public.css, written into every page) covers,
 * derived from the code at each build: the modules that the root route and
 * every page route outside the dashboard import, directly or not. Tailwind
 * reads only those, so an admin-only class adds nothing to a customer's page,
 * and a component a public page starts to use is covered without anyone
 * listing it (docs/decisions/0097). Also read by the browser test that visits
 * every public page (tests/e2e/public-styles.test.ts).
 */

const APP = path.resolve(import.meta.dirname, "..");
const PUBLIC_CSS = path.join(APP, "styles/public.css");

/** The dashboard's layout: it links admin.css, Tailwind over the whole app, for itself and every route under it. */
const DASHBOARD_LAYOUT = "routes/admin.tsx";

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

export interface PublicPageRoute {
  /** The URL pattern, e.g. "/estimates/:token". */
  pattern: string;
  /** The module, relative to app/. */
  file: string;
}

/** The page routes of app/routes.ts outside the dashboard: those whose module renders a page (a default export), not resource routes. */
export function publicPageRoutes(): PublicPageRoute[] {
  const pages: PublicPageRoute[] = [];
  const visit = (entries: RouteEntry[], parent: string) => {
    for (const entry of entries) {
      if (entry.file === DASHBOARD_LAYOUT) continue;
      const pattern = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
      if (hasDefaultExport(path.join(APP, entry.file))) pages.push({ pattern, file: entry.file });
      visit(entry.children ?? [], pattern);
    }
  };
  visit(routes as RouteEntry[], "/");
  return pages;
}

/** Every module of the app that the root route and the public pages import, as absolute paths. */
export function publicModules(): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // Static and dynamic imports alike (root.tsx imports a component lazily).
    for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      const imported = resolveModule(file, fileName);
      if (imported) walk(imported);
    }
  };
  walk(path.join(APP, "root.tsx"));
  for (const page of publicPageRoutes()) walk(path.join(APP, page.file));
  return [...seen].sort();
}

/**
 * Appends an `@source` line per public module to public.css before Tailwind
 * reads it (both plugins are `pre`; this one is listed first). Tailwind
 * watches those files, and an edit to one re-runs this, so the dev server
 * follows a new import too.
 */
export function publicCssSources(): Plugin {
  return {
    name: "public-css-sources",
    enforce: "pre",
    transform(code, id) {
      if (id.split("?")[0] !== PUBLIC_CSS) return;
      const lines = publicModules().map((file) => `@source "${path.relative(path.dirname(PUBLIC_CSS), file)}";`);
      return { code: `${code}\n${lines.join("\n")}\n`, map: null };
    },
  };
}

/** Our own modules only (relative and `~/` imports); packages, styles and assets are not scanned. */
function resolveModule(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function hasDefaultExport(file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  return source.statements.some(
    (statement) =>
      (ts.isExportAssignment(statement) && !statement.isExportEquals) ||
      (ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) ||
      (ts.isExportDeclaration(statement) &&
        !!statement.exportClause &&
        ts.isNamedExports(statement.exportClause) &&
        statement.exportClause.elements.some((element) => element.name.text === "default")),
  );
}
