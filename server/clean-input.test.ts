import { describe, expect, it } from "vitest";
import { isControlCode, jsonCleaner, percentEncodedCleaner, withoutControlCharacters, type ByteCleaner } from "~/server/control-characters.server";
import { cleanBody, pathHasControlCharacters, withCleanQuery } from "./clean-input";

const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The cleaner's output for `text` fed in pieces cut at `cuts`. */
function run(make: () => ByteCleaner, text: string, cuts: number[] = []): string {
  const cleaner = make();
  const bytes = Buffer.from(text, "latin1");
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    parts.push(cleaner.push(bytes.subarray(from, cut)));
    from = cut;
  }
  parts.push(cleaner.end());
  return Buffer.concat(parts).toString("latin1");
}

/** Every way of cutting `text` in two: a chunk boundary anywhere gives the same output. */
function sameAtEveryCut(make: () => ByteCleaner, text: string): string {
  const whole = run(make, text);
  for (let cut = 0; cut <= text.length; cut++) expect(run(make, text, [cut]), `cut at ${cut}`).toBe(whole);
  return whole;
}

// A small deterministic generator, so a failure can be run again.
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

describe("what is removed", () => {
  it("C0 controls but TAB, LF and CR, and DEL: the code test and the text test agree", () => {
    for (let code = 0; code < 0x100; code++) {
      expect(isControlCode(code), `U+${code.toString(16)}`).toBe(CONTROL_IN_TEXT.test(String.fromCharCode(code)));
      expect(withoutControlCharacters(`a${String.fromCharCode(code)}b`).length, `U+${code.toString(16)}`).toBe(isControlCode(code) ? 2 : 3);
    }
    expect(withoutControlCharacters("Zoë\u0000 \t\r\n Łukasiewicz\u001b\u007f")).toBe("Zoë \t\r\n Łukasiewicz");
  });
});

describe("form-urlencoded text (bodies and query strings)", () => {
  it("drops escaped and raw control characters, keeps everything else byte for byte", () => {
    expect(sameAtEveryCut(percentEncodedCleaner, "text=a%00b&name%00=x%1fy%7F&z=1\u0000")).toBe("text=ab&name=xy&z=1");
    expect(sameAtEveryCut(percentEncodedCleaner, "note=line%0D%0Aline%09tab+and%20more%2C%C3%AB")).toBe("note=line%0D%0Aline%09tab+and%20more%2C%C3%AB");
    // "%2500" is the text "%00", not a control character.
    expect(sameAtEveryCut(percentEncodedCleaner, "q=%2500")).toBe("q=%2500");
  });

  it("writes a % that begins no escape as %25, so that nothing dropped joins its neighbours into an escape", () => {
    expect(sameAtEveryCut(percentEncodedCleaner, "a=%0%000")).toBe("a=%250" + "0");
    expect(sameAtEveryCut(percentEncodedCleaner, "a=%\u000000&b=%")).toBe("a=%2500&b=%25");
  });

  it("decoded, the output is the input decoded without its control characters", () => {
    const next = random(33);
    const alphabet = ["%", "0", "1", "7", "f", "F", "d", "a", "=", "&", "+", "\u0000", "\u0001", "\u007f", "x"];
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 14) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
      const cut = Math.floor(next() * (text.length + 1));
      // A field that was nothing but control characters is an empty field, as "&&" is.
      const decoded = (form: string) =>
        [...new URLSearchParams(form)].map(([name, value]) => [name, value].map(withoutControlCharacters)).filter(([name, value]) => name || value);
      const out = run(percentEncodedCleaner, text, [cut]);
      expect(decoded(out), JSON.stringify(text)).toEqual(decoded(text));
      expect([...new URLSearchParams(out)].flat().join(""), JSON.stringify(text)).not.toMatch(CONTROL_IN_TEXT);
    }
  });

  it("a query string is cleaned, the path left as it is; a path that holds one is known", () => {
    expect(withCleanQuery("/admin/customers?q=a%00b&page=2")).toBe("/admin/customers?q=ab&page=2");
    expect(withCleanQuery("/reviews/abc")).toBe("/reviews/abc");
    expect(pathHasControlCharacters("/reviews/%00")).toBe(true);
    expect(pathHasControlCharacters("/unsubscribe/x%1B")).toBe(true);
    expect(pathHasControlCharacters("/care-guides/%2500-and%20more")).toBe(false);
  });
});

describe("JSON text", () => {
  it("drops the escapes of control characters in strings, and keeps an escaped backslash before text", () => {
    expect(sameAtEveryCut(jsonCleaner, String.raw`{"a":"x\u0000y\u001F\b\f\u007fz","b\u0001":1}`)).toBe(String.raw`{"a":"xyz","b":1}`);
    expect(sameAtEveryCut(jsonCleaner, String.raw`{"a":"\\u0000 \t\n\r\" \u0020\u00e9"}`)).toBe(String.raw`{"a":"\\u0000 \t\n\r\" \u0020\u00e9"}`);
  });

  it("any string, written as JSON and cleaned, reads back as the string without its control characters", () => {
    const next = random(107);
    const alphabet = ["\u0000", "\u0008", "\u000c", "\t", "\n", "\\", '"', "u", "0", "a", "é", "\u007f", "\u001f"];
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
      const json = JSON.stringify({ [text]: text });
      const out = Buffer.from(run(jsonCleaner, Buffer.from(json).toString("latin1"), [Math.floor(next() * json.length)]), "latin1").toString("utf8");
      const clean = withoutControlCharacters(text);
      expect(JSON.parse(out), JSON.stringify(text)).toEqual({ [clean]: clean });
    }
  });
});

describe("bodies", () => {
  const stream = (text: string) => new Response(text).body!;
  const read = (body: ReadableStream<Uint8Array>) => new Response(body).text();

  it("form-urlencoded and JSON bodies are cleaned; others (multipart with its files, CSV) pass as they are", async () => {
    expect(await read(cleanBody("application/x-www-form-urlencoded; charset=UTF-8", stream("a=%00b")))).toBe("a=b");
    expect(await read(cleanBody("application/json", stream(String.raw`{"a":"\u0000b"}`)))).toBe(String.raw`{"a":"b"}`);
    expect(await read(cleanBody("application/merge-patch+json", stream(String.raw`{"a":"\u0000b"}`)))).toBe(String.raw`{"a":"b"}`);
    const multipart = stream("--x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\n\r\n\u0000%00\r\n--x--\r\n");
    expect(cleanBody("multipart/form-data; boundary=x", multipart)).toBe(multipart);
    const csv = stream("a,b\n1,%00\n");
    expect(cleanBody("text/csv", csv)).toBe(csv);
  });
});
