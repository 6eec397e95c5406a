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
