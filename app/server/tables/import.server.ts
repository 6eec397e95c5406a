import { MaxFileSizeExceededError, MaxTotalSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { parseCsv, unneutralise } from "~/lib/csv";
import { asActor } from "../actor.server";
import { requirePermission } from "../auth/permissions.server";
import { AppError, badRequest, methodNotAllowed } from "../app-error.server";
import { withoutControlCharacters } from "../control-characters.server";
import type { DB } from "../db.server";
import { readBodyUpTo } from "../json-body.server";
import type { SessionUser } from "../session.server";
import { inSavepoint } from "../savepoint.server";
import { writableColumns } from "./registry.server";
import { createRow, updateRowIfChanged } from "./rows.server";
import type { ColumnDef, TableDef } from "./table-def.server";

/**
 * CSV import into an admin table (docs/decisions/0045): each line adds a row,
 * or updates the row whose id its `id` cell names. The header names columns as
 * the export writes them, so an exported file imports again. Every line goes
 * through createRow/updateRow (the form's validation, the table's own rules,
 * the database's constraints), all in one transaction run as the
 * administrator (asActor: the history records each change), and nothing is
 * kept unless every line is accepted. A refused line is reported by line and
 * column.
 */

/** The largest file taken: well inside the edge's limit for /admin and /api/tables bodies (ROW_BODY_MAX_BYTES). */
export const IMPORT_MAX_BYTES = 1024 * 1024;
/**
 * The most lines taken. The import is one transaction of a few statements per
 * line (measured with 2,000 lines on a busy 2-core machine: 4.6 ms a line on
 * PostgreSQL, up to 25 ms on the embedded database, whose every other request
 * waits for the transaction). The content tables hold tens to hundreds of rows.
 */
export const IMPORT_MAX_ROWS = 1000;
/** The report stops after this many problems: the file has to be fixed anyway. */
export const IMPORT_MAX_PROBLEMS = 100;

export interface ImportProblem {
  /** The line of the file (1 = the header). */
  line: number;
  /** The column at fault, as the header names it; absent for a problem with the whole line or file. */
  column?: string;
  message: string;
}

export type ImportResult =
  | { ok: true; created: number; updated: number }
  | { ok: false; problems: ImportProblem[]; truncated: boolean };

const MB = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const importTooLarge = () => new AppError(413, `The file is larger than the limit of ${MB(IMPORT_MAX_BYTES)}`);

/**
 * The CSV text of an import request: a multipart form's field "file" (the
 * dashboard's form) or a text/csv body (the API). Past IMPORT_MAX_BYTES it
 * stops reading and refuses with 413; text that is not UTF-8 is a 400.
 */
export async function readCsvBody(request: Request): Promise<string> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (Number(request.headers.get("content-length") ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) throw importTooLarge();
  let bytes: Uint8Array | undefined;
  if (type === "multipart/form-data") {
    try {
      await parseFormData(request, { maxFiles: 1, maxFileSize: IMPORT_MAX_BYTES }, async (file: FileUpload) => {
        if (file.fieldName === "file" && !bytes) bytes = new Uint8Array(await file.arrayBuffer());
        return null;
      });
    } catch (error) {
      if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) throw importTooLarge();
      if (error instanceof Error && /FormDataParseError|MultipartParseError|MaxFilesExceededError|MaxPartsExceededError|MaxHeaderSizeExceededError/.test(error.name)) {
        throw badRequest('Send one CSV file in the form field "file"');
      }
      throw error;
    }
    if (!bytes) throw badRequest("Choose a CSV file to import");
  } else if (type === "text/csv" || type === "text/plain") {
    bytes = await readBodyUpTo(request, IMPORT_MAX_BYTES, importTooLarge);
  } else {
    throw new AppError(415, 'Send the CSV file as text/csv, or as multipart/form-data in the field "file"');
  }
  if (!bytes.length) throw badRequest("The file is empty");
  try {
    // A file is not cleaned at the edge: its text is, here, as a form's fields are (docs/decisions/0107).
    return withoutControlCharacters(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw badRequest('The file is not UTF-8 text. In a spreadsheet, save it as "CSV UTF-8"');
  }
}

/** Thrown inside the transaction to roll it back with the report. */
class Refused extends Error {
  constructor(readonly problems: ImportProblem[], readonly truncated: boolean) {
    super("import refused");
  }
}

interface Line {
  line: number;
  /** The row to update; undefined adds one. */
  id?: string;
  values: Record<string, unknown>;
}

/** Imports `text` into `table` (all or nothing); refusals of the whole request (read-only table) are AppErrors. */
export async function importCsv(db: DB, table: TableDef, text: string, actor: SessionUser): Promise<ImportResult> {
  requirePermission(actor, "tables.manage");
  if (table.readOnly) throw methodNotAllowed("GET", `${table.title} is read-only`);
  const read = readLines(table, text);
  if (!read.ok) return { ok: false, problems: read.problems, truncated: false };

  try {
    return await asActor(db, actor, async (trx) => {
      const problems: ImportProblem[] = [];
      let created = 0;
      let updated = 0;
      for (const { line, id, values } of read.lines) {
        // Each line in a savepoint: a line the database refuses leaves the
        // transaction usable, so the report can name every refused line.
        try {
          await inSavepoint(trx, async () => {
            if (id === undefined) {
              await createRow(trx, table, values, actor);
              created++;
            } else if ((await updateRowIfChanged(trx, table, id, values, actor)).changed) {
              // A line that repeats what the row holds is not written, nor counted.
              updated++;
            }
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          problems.push(...problemsOf(error, line, id));
          if (problems.length >= IMPORT_MAX_PROBLEMS) throw new Refused(problems.slice(0, IMPORT_MAX_PROBLEMS), true);
        }
      }
      if (problems.length) throw new Refused(problems, false);
      return { ok: true as const, created, updated };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problems: error.problems, truncated: error.truncated };
    throw error;
  }
}

/** A refused line's problems: one per field the refusal names, else one for the line. */
function problemsOf(error: AppError, line: number, id: string | undefined): ImportProblem[] {
  if (error.status === 404 && id !== undefined) {
    return [{ line, column: "id", message: `No row has the id ${id} (leave id empty to add a row)` }];
  }
  const fields = Object.entries(error.fields ?? {});
  if (fields.length) return fields.map(([column, message]) => ({ line, column, message }));
  return [{ line, message: error.message }];
}

type ReadLines = { ok: true; lines: Line[] } | { ok: false; problems: ImportProblem[] };

/** The file's lines as the values createRow and updateRow take, or what is wrong with its shape. */
function readLines(table: TableDef, text: string): ReadLines {
  const parsed = parseCsv(text, IMPORT_MAX_ROWS + 1);
  if (!parsed.ok) {
    const error = parsed.error.startsWith("The file has more than")
      ? `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows; import it in parts`
      : parsed.error;
    return { ok: false, problems: [{ line: parsed.line, message: error }] };
  }
  const [header, ...records] = parsed.records;
  if (!header) return { ok: false, problems: [{ line: 1, message: "The file is empty" }] };
  const names = header.cells.map((cell) => cell.trim());
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!name) problems.push({ line: header.line, message: "A column of the header has no name" });
    else if (!table.columns[name]) {
      problems.push({ line: header.line, column: name, message: `Unknown column "${name}". The columns are: ${Object.keys(table.columns).join(", ")}` });
    } else if (seen.has(name)) problems.push({ line: header.line, column: name, message: `The column "${name}" is named twice` });
    seen.add(name);
  }
  if (!records.length) problems.push({ line: header.line + 1, message: "The file has a header but no rows to import" });
  const writable = new Map(writableColumns(table));
  const adds = records.some((r) => !names.includes("id") || (r.cells[names.indexOf("id")] ?? "").trim() === "");
  if (adds) {
    for (const name of table.required) {
      const column = writable.get(name);
      if (column && column.default === undefined && !seen.has(name)) {
        problems.push({ line: header.line, column: name, message: `The column "${name}" (${column.title}) is needed to add rows` });
      }
    }
  }
  if (problems.length) return { ok: false, problems };

  const lines: Line[] = [];
  // The first line of each id: a second line for the same row would silently
  // overwrite the first, so the file is refused instead.
  const lineOfId = new Map<string, number>();
  for (const record of records) {
    if (record.cells.length !== names.length) {
      problems.push({ line: record.line, message: `This line has ${record.cells.length} fields; the header has ${names.length}` });
      continue;
    }
    const values: Record<string, unknown> = {};
    let id: string | undefined;
    names.forEach((name, i) => {
      const cell = record.cells[i]!;
      if (name === "id") {
        const trimmed = cell.trim();
        if (trimmed && !/^\d{1,15}$/.test(trimmed)) problems.push({ line: record.line, column: "id", message: "The id must be a whole number, or empty to add a row" });
        else if (trimmed) {
          id = String(Number(trimmed));
          const first = lineOfId.get(id);
          if (first === undefined) lineOfId.set(id, record.line);
          else problems.push({ line: record.line, column: "id", message: `The id ${id} is also on line ${first}: a row can be updated by one line only` });
        }
        return;
      }
      const column = writable.get(name);
      // Read-only columns (created_at, …) are in every export; they are not written.
      if (column) values[name] = typedValue(column, unneutralise(cell));
    });
    lines.push({ line: record.line, id, values });
    if (problems.length >= IMPORT_MAX_PROBLEMS) break;
  }
  return problems.length ? { ok: false, problems } : { ok: true, lines };
}

/**
 * A cell as the form would send it: true/false for a boolean (also yes/no, 1/0),
 * a number for a number. Text that does not read as its type is passed on
 * as it is, so the validator refuses it with the form's own words.
 */
function typedValue(column: ColumnDef, cell: string): unknown {
  const text = cell.trim();
  if (column.type === "boolean") {
    if (/^(true|yes|1)$/i.test(text)) return true;
    if (/^(false|no|0)$/i.test(text)) return false;
    return text === "" ? null : cell;
  }
  if (column.type === "integer" || column.type === "number") {
    if (text === "") return null;
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : cell;
  }
  return cell;
}
