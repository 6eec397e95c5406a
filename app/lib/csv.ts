/**
 * CSV as RFC 4180 writes it (CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled), with one addition: a cell
 * that a spreadsheet would run as a formula (it starts with =, +, -, @, tab or
 * carriage return) is prefixed with a single quote, so an exported quote
 * request cannot run code on the administrator's computer (docs/decisions/0041).
 */

import { wallClock, zoneOffsetMs } from "./time-zone";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  // A number is written as a number: -10 is a value, not a formula (only text can carry one).
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}

/**
 * A UTF-8 byte order mark, written before the header row of an export: without
 * it Excel reads a CSV file as the computer's legacy code page and shows
 * "ZoÃ«" for "Zoë". A reader (parseCsv) skips it.
 */
export const UTF8_BOM = "\uFEFF";

/**
 * A moment as ISO 8601 in the given IANA time zone, with that zone's offset at
 * that moment: 2026-11-22T18:04:02.229-05:00 for 23:04:02.229 UTC in
 * America/Detroit. The same instant as the UTC text, read as the grid shows
 * it. The export computes the same text in SQL (export.server.ts); the
 * integration test compares the two.
 */
export function isoInTimeZone(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  const offsetMinutes = Math.round(zoneOffsetMs(at, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const ms = String(((at.getTime() % 1000) + 1000) % 1000).padStart(3, "0");
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}.${ms}${offset}`;
}

// ------------------------------------------------------------------ reading

/** One record of a CSV file: its cells and the line of the file it starts on (1 = the first line). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; error: string };

/**
 * Reads CSV text as RFC 4180 writes it, and as spreadsheets save it: a leading
 * byte order mark is skipped; records end with CRLF, LF or CR; a quoted field
 * may hold commas, doubled quotes and line breaks; a quote inside an unquoted
 * field is taken as it is. Blank lines are skipped (their line numbers still
 * count). `maxRecords`: past it the parse stops and says so, so a huge file
 * costs no more than the limit.
 */
export function parseCsv(text: string, maxRecords = Infinity): CsvParse {
  const records: CsvRecord[] = [];
  let i = text.startsWith(UTF8_BOM) ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const cells: string[] = [];
    let cell = "";
    let quotedCell = false;
    let endOfRecord = false;
    while (!endOfRecord) {
      if (i >= text.length) {
        cells.push(cell);
        break;
      }
      const c = text[i]!;
      if (c === '"' && cell === "" && !quotedCell) {
        // A quoted field: up to the closing quote, "" standing for one quote.
        quotedCell = true;
        i++;
        for (;;) {
          if (i >= text.length) return { ok: false, line: start, error: `A quoted field that starts on line ${start} is never closed` };
          const q = text[i]!;
          if (q === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (q === "\n" || (q === "\r" && text[i + 1] !== "\n")) line++;
          cell += q;
          i++;
        }
        const next = text[i];
        if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") {
          return { ok: false, line, error: `Line ${line}: text after the closing quote of a field (a quote inside a field must be doubled)` };
        }
        continue;
      }
      if (c === ",") {
        cells.push(cell);
        cell = "";
        quotedCell = false;
        i++;
      } else if (c === "\r" || c === "\n") {
        cells.push(cell);
        i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
        line++;
        endOfRecord = true;
      } else {
        cell += c;
        i++;
      }
    }
    const blank = cells.length === 1 && cells[0] === "" && !quotedCell;
    if (!blank) {
      if (records.length >= maxRecords) return { ok: false, line: start, error: `The file has more than ${maxRecords.toLocaleString("en-US")} lines` };
      records.push({ line: start, cells });
    }
  }
  return { ok: true, records };
}

/**
 * A cell as it was before csvCell neutralised it: the single quote added before
 * =, +, -, @, tab or carriage return is taken off, so an exported file imports
 * with its values as stored ("'-5" is -5 again). A text that really starts with
 * a quote and then one of those characters loses its quote (ADR 0045).
 */
export function unneutralise(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
