import { ArrowLeft, CircleAlert, CircleCheck, FileUp, LoaderCircle, Upload } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button";

/** One problem of a refused import: the line of the file, the column at fault (if one), what is wrong. */
export interface ImportProblemView {
  line: number;
  column?: string;
  message: string;
}

/** What an import answered: how many rows it added and updated, or why nothing was imported. */
export type ImportOutcome =
  | { ok: true; created: number; updated: number }
  | { ok: false; error?: string; problems: ImportProblemView[]; truncated: boolean };

export interface ImportCsvFormProps {
  table: { name: string; title: string };
  /** Every column, in the export's order (the header an exported file has). */
  columns: string[];
  /** The columns an import writes; the others (id aside) are ignored. */
  writable: string[];
  maxBytes: number;
  maxRows: number;
  outcome?: ImportOutcome;
}

const FORM_ID = "import-csv";
const rows = (n: number) => (n === 1 ? "1 row" : `${n.toLocaleString("en-US")} rows`);
const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * 'Import CSV' (docs/decisions/0045): a multipart form posting a CSV file to
 * this page's action, which adds or updates rows, all or nothing, and answers
 * with a count or a report of every problem by line and column. Works without
 * JavaScript; with it, a file over the limit is refused before it is sent.
 */
export function ImportCsvForm({ table, columns, writable, maxBytes, maxRows, outcome }: ImportCsvFormProps) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const listUrl = `/admin/${table.name}`;
  const ignored = columns.filter((c) => c !== "id" && !writable.includes(c));
  const failure: Extract<ImportOutcome, { ok: false }> | null = tooLarge
    ? { ok: false, error: tooLarge, problems: [], truncated: false }
    : outcome?.ok === false
      ? outcome
      : null;
  const done = !tooLarge && outcome?.ok ? outcome : null;

  return (
    <section aria-labelledby="import-title" className="space-y-5">
      <Link to={listUrl} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to {table.title}
      </Link>
      <div>
        <h2 id="import-title" className="text-xl font-semibold text-slate-900">
          Import CSV into {table.title}
        </h2>
        <div className="mt-2 space-y-1.5 text-sm text-slate-600">
          <p>
            The first line names the columns, as in a file from Export CSV. A line with an <code>id</code> updates that
            row; a line without one adds a row. Each line is checked like the form, and nothing is imported unless every
            line is valid.
          </p>
          <p>
            Columns: <span className="break-words font-mono text-xs text-slate-700">{columns.join(", ")}</span>.
            {ignored.length > 0 && <> Read-only columns ({ignored.join(", ")}) are ignored.</>} At most {rows(maxRows)} and {mb(maxBytes)}.
          </p>
        </div>
      </div>

      <Form
        id={FORM_ID}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
          if (file && file.size > maxBytes) {
            event.preventDefault();
            setTooLarge(`The file is larger than the limit of ${mb(maxBytes)}`);
          } else setTooLarge(null);
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
            CSV file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby={failure ? "import-problems-title" : undefined}
            className="mt-1 block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-700 hover:file:bg-slate-50"
          />
        </div>
        <button type="submit" disabled={importing} className={`${primaryButton} min-h-11`}>
          {importing ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Upload aria-hidden className="size-4" />}
          {importing ? "Importing..." : "Import"}
        </button>
      </Form>

      <div role="status" className="empty:hidden">
        {done && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-700" />
            <p>
              Imported {rows(done.created + done.updated)}: {done.created.toLocaleString("en-US")} added,{" "}
              {done.updated.toLocaleString("en-US")} updated.
            </p>
            <Link to={listUrl} className={secondaryButton}>
              <FileUp aria-hidden className="size-4" />
              Show {table.title}
            </Link>
          </div>
        )}
      </div>

      {failure && <ProblemReport failure={failure} />}
    </section>
  );
}

function ProblemReport({ failure }: { failure: Extract<ImportOutcome, { ok: false }> }) {
  const { error, problems, truncated } = failure;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <h3 id="import-problems-title" className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden className="size-4 shrink-0 text-red-600" />
        Nothing was imported
      </h3>
      {error && <p className="mt-1 break-words">{error}</p>}
      {problems.length > 0 && (
        <>
          <p className="mt-1">
            {truncated ? `The first ${problems.length} problems` : problems.length === 1 ? "1 problem" : `${problems.length} problems`} to fix
            in the file before importing it again:
          </p>
          <table className="mt-3 w-full table-fixed border-collapse bg-white text-left text-sm text-slate-800">
            <caption className="sr-only">Problems by line and column</caption>
            <thead className="bg-red-100/60 text-xs uppercase tracking-wide text-red-900">
              <tr>
                <th scope="col" className="w-14 px-2 py-2 sm:w-20 sm:px-3">
                  Line
                </th>
                <th scope="col" className="w-28 px-2 py-2 sm:w-40 sm:px-3">
                  Column
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p, i) => (
                <tr key={i} className="border-t border-red-100 align-top">
                  <td className="px-2 py-2 tabular-nums sm:px-3">{p.line}</td>
                  <td className="break-words px-2 py-2 font-mono text-xs sm:px-3">{p.column ?? "—"}</td>
                  <td className="break-words px-2 py-2 sm:px-3">{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
