import { describe, expect, it } from "vitest";
import { crlfRecordEnds } from "./copy-stream.server";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Feeds `text` to a fresh converter cut into the given chunk sizes (cycled), as COPY's 64 kB chunks cut records anywhere. */
function convert(text: string, sizes: number[]): string {
  const bytes = encoder.encode(text);
  const toCrlf = crlfRecordEnds();
  const out: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    out.push(toCrlf(bytes.subarray(at, at + size)));
    at += size;
  }
  return out.map((c) => decoder.decode(c, { stream: true })).join("") + decoder.decode();
}

describe("crlfRecordEnds", () => {
  // What COPY … WITH (FORMAT csv) writes: LF after each record, line breaks kept inside quotes.
  const copy = '1,plain,\n2,"line one\nline two\r\nthree",x\n3,"Smith, ""Bob""","\n"\n4,"""",Zoë ✓\n5,"ends\n",""\n';
  const rfc = '1,plain,\r\n2,"line one\nline two\r\nthree",x\r\n3,"Smith, ""Bob""","\n"\r\n4,"""",Zoë ✓\r\n5,"ends\n",""\r\n';

  it("ends records with CRLF and keeps line breaks inside quoted fields", () => {
    expect(convert(copy, [copy.length + 10])).toBe(rfc);
  });

  it("gives the same bytes however the input is cut, even between doubled quotes or inside a character", () => {
    for (const sizes of [[1], [2], [3], [5, 1, 7], [13, 2]]) expect(convert(copy, sizes), String(sizes)).toBe(rfc);
  });

  it("returns a chunk without a record end as it is", () => {
    const chunk = encoder.encode('"a\nb');
    expect(crlfRecordEnds()(chunk)).toBe(chunk);
  });
});
