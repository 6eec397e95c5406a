/**
 * CSV as RFC 4180 writes it (CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled), with one addition: a cell
 * that a spreadsheet would run as a formula (it starts with =, +, -, @, tab or
 * carriage return) is prefixed with a single quote, so an exported quote
 * request cannot run code on the administrator's computer (docs/decisions/0041).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}
