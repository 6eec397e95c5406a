import { type BenchReport, kb, withAppServer } from "./lib";
import { pageScripts } from "./page-scripts";

// Issue 17: at most 130 KB. React and React Router alone are ~110 KB of it; the page's own code
// comes with the page, whole (docs/decisions/0064). Issue 35 holds /book to the same budget.
export const BUDGET_BYTES = 130 * 1024;
// Admin-only editors must never reach the public page (file names and code markers).
export const ADMIN_CODE = [/quill/i, /md-editor/i, /\bql-editor\b/, /\bw-md-editor\b/];

/** The public pages held to the budget: the home page, and /book, which sells online (its first step; the others load nothing more). */
export const BUDGET_PAGES = ["/", "/book"];

/**
 * (c) The JavaScript a browser loads for each of BUDGET_PAGES: every script
 * and modulepreload of the built page and the inline module script's imports
 * (also when a classic script adds that module after the first paint), with
 * all they import statically, gzip-compressed, against a 130 KB budget.
 */
export function benchBrowserJs(): Promise<BenchReport> {
  return withAppServer({}, async (server) => {
    const rows: (string | number)[][] = [];
    const checks: BenchReport["checks"] = [];
    for (const path of BUDGET_PAGES) {
      const { loaded: files, deferred } = await pageScripts(`${server.url}${path}`);
      const total = files.reduce((s, f) => s + f.gzip, 0);
      const raw = files.reduce((s, f) => s + f.raw, 0);
      const adminHits = [...files, ...deferred].filter((f) => ADMIN_CODE.some((re) => re.test(f.url) || re.test(f.text))).map((f) => f.url);
      rows.push(
        ...files.map((f) => [`${path} ${f.url.replace(/^.*\//, "")}`, kb(f.raw), kb(f.gzip)]),
        [`${path}: total loaded with the page (${files.length} files)`, kb(raw), kb(total)],
        ...deferred.map((d) => [`${path} (later, on demand) ${d.url}`, kb(d.raw), kb(d.gzip)]),
      );
      checks.push(
        { label: `${path}: gzip total ${kb(total)} within the ${kb(BUDGET_BYTES)} budget (${((100 * total) / BUDGET_BYTES).toFixed(0)}%)`, ok: total <= BUDGET_BYTES },
        { label: `${path}: no admin/editor code (quill, md-editor), also in the chunks loaded later${adminHits.length ? `: found in ${adminHits.join(", ")}` : ""}`, ok: !adminHits.length },
      );
    }
    return { title: `(c) JavaScript for ${BUDGET_PAGES.join(" and ")}`, headers: ["file", "raw", "gzip"], rows, checks };
  });
}
