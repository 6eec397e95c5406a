import { expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

it("quotes commas, quotes and line breaks as RFC 4180 says", () => {
  expect(csvCell("plain")).toBe("plain");
  expect(csvCell("a,b")).toBe('"a,b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  expect(csvCell(null)).toBe("");
  expect(csvLine(["a", 1, true, null])).toBe("a,1,true,\r\n");
});

it("neutralises cells a spreadsheet would run as a formula", () => {
  for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
    expect(csvCell(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
  }
  expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
  expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
  expect(csvCell("a=b")).toBe("a=b");
});

it("writes numbers as numbers, a negative one too: only text can carry a formula", () => {
  expect(csvCell(-10)).toBe("-10");
  expect(csvCell(-2.5)).toBe("-2.5");
  expect(csvCell(Number.NaN)).toBe("");
  expect(csvCell("-10")).toBe("'-10");
  expect(csvLine([-10, "=1"])).toBe("-10,'=1\r\n");
});

it("reads CSV as spreadsheets save it: BOM, CRLF, LF or CR, quoted fields, blank lines", async () => {
  const { parseCsv, unneutralise } = await import("./csv");
  const text = '\uFEFFa,b\r\n"x, ""y""","multi\r\nline"\r\n\r\n\nlast,\rcr,only';
  expect(parseCsv(text)).toEqual({
    ok: true,
    records: [
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ['x, "y"', "multi\r\nline"] },
      { line: 6, cells: ["last", ""] },
      { line: 7, cells: ["cr", "only"] },
    ],
  });
  expect(parseCsv('a\n"open')).toEqual({ ok: false, line: 2, error: "A quoted field that starts on line 2 is never closed" });
  expect(parseCsv('"a"b,c')).toMatchObject({ ok: false, line: 1 });
  expect(parseCsv('a"b,c')).toEqual({ ok: true, records: [{ line: 1, cells: ['a"b', "c"] }] });
  expect(parseCsv("a\nb\nc\n", 2)).toEqual({ ok: false, line: 3, error: "The file has more than 2 lines" });
  expect(parseCsv('""')).toEqual({ ok: true, records: [{ line: 1, cells: [""] }] });
  expect(unneutralise("'-5")).toBe("-5");
  expect(unneutralise("'=A1")).toBe("=A1");
  expect(unneutralise("'quoted")).toBe("'quoted");
});
