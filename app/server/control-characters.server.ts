/**
 * What "clean" means for text that comes in (docs/decisions/0107): no C0
 * control character but TAB, LF and CR, and no DEL. None of them can be typed
 * into a field, none means anything in a name, an address or a review, and
 * PostgreSQL cannot store NUL in text at all (`invalid byte sequence for
 * encoding "UTF8": 0x00`, a 500). TAB, LF and CR stay: a textarea sends CRLF,
 * and a tab comes with text pasted from a spreadsheet.
 *
 * The edge cleans the query string and the form-urlencoded and JSON bodies
 * as they stream in (server/clean-input.ts, with the byte-level cleaners
 * below), and answers 404 to a path that holds one; the readers of multipart
 * bodies clean their text fields with cleanFormData and withoutControlCharacters.
 */

/** Whether the character (or byte) with this code is removed. */
export function isControlCode(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

// The same set as isControlCode (server/clean-input.test.ts checks that they agree).
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "");
}

/** A form's fields with their names and text values cleaned; files are left as they are. */
export function cleanFormData(form: FormData): FormData {
  const clean = new FormData();
  for (const [name, value] of form) {
    clean.append(withoutControlCharacters(name), typeof value === "string" ? withoutControlCharacters(value) : value);
  }
  return clean;
}

const PERCENT = 0x25;
const BACKSLASH = 0x5c;

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x41 + 10;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x61 + 10;
  return -1;
}

/** A streaming cleaner: chunks in, cleaned chunks out, whatever bytes still undecided kept for the next chunk. */
export interface ByteCleaner {
  push(chunk: Uint8Array): Uint8Array;
  end(): Uint8Array;
}

/**
 * Percent-encoded text (a form-urlencoded body, a query string), read as its
 * decoder reads it: a `%XX` escape of a control character is dropped, a raw
 * control byte too, and a `%` that begins no escape is written `%25` (what it
 * decodes to anyway), so that nothing dropped can join its neighbours into a
 * new escape. Decoded, the output is the input decoded without its control
 * characters.
 */
export function percentEncodedCleaner(): ByteCleaner {
  let held: number[] = [];
  return {
    push(chunk) {
      // Most bodies have nothing to clean: passed on as they are.
      if (!held.length && !chunk.some((byte) => byte === PERCENT || isControlCode(byte))) return chunk;
      const input = held.length ? [...held, ...chunk] : chunk;
      held = [];
      const out: number[] = [];
      let i = 0;
      for (; i < input.length; i++) {
        const byte = input[i]!;
        if (isControlCode(byte)) continue;
        if (byte !== PERCENT) {
          out.push(byte);
          continue;
        }
        if (i + 2 >= input.length) break; // the escape may go on in the next chunk
        const high = hexValue(input[i + 1]!);
        const low = hexValue(input[i + 2]!);
        if (high < 0 || low < 0) {
          out.push(PERCENT, 0x32, 0x35);
          continue;
        }
        if (!isControlCode(high * 16 + low)) out.push(byte, input[i + 1]!, input[i + 2]!);
        i += 2;
      }
      for (; i < input.length; i++) held.push(input[i]!);
      return Uint8Array.from(out);
    },
    end() {
      // A "%" with fewer than two characters after it begins no escape.
      const rest = held;
      held = [];
      const out: number[] = [];
      for (const byte of rest) {
        if (byte === PERCENT) out.push(PERCENT, 0x32, 0x35);
        else if (!isControlCode(byte)) out.push(byte);
      }
      return Uint8Array.from(out);
    },
  };
}

/**
 * JSON text: drops raw control bytes (JSON allows DEL in a string; the others
 * only a reader's 400 would stop), then the escapes that stand for control
 * characters (`\u0000`–`\u001f` but `\t`, `\n`, `\r`; `\u007f`; `\b`, `\f`),
 * read left to right as escapes so that `\\u0000` (a backslash, then text) stays.
 */
export function jsonCleaner(): ByteCleaner {
  let held: number[] = [];
  return {
    push(chunk) {
      if (!held.length && !chunk.some((byte) => byte === BACKSLASH || isControlCode(byte))) return chunk;
      const input = [...held, ...chunk.filter((byte) => !isControlCode(byte))];
      held = [];
      const out: number[] = [];
      let i = 0;
      while (i < input.length) {
        const byte = input[i]!;
        if (byte !== BACKSLASH) {
          out.push(byte);
          i++;
          continue;
        }
        const kind = input[i + 1];
        if (kind === undefined) break; // the escape goes on in the next chunk
        if (kind === 0x62 || kind === 0x66) {
          // \b, \f
          i += 2;
          continue;
        }
        if (kind !== 0x75) {
          out.push(byte, kind);
          i += 2;
          continue;
        }
        if (i + 6 > input.length) break;
        let code = 0;
        for (let k = 2; k < 6 && code >= 0; k++) {
          const digit = hexValue(input[i + k]!);
          code = digit < 0 ? -1 : code * 16 + digit;
        }
        if (code >= 0 && isControlCode(code)) {
          i += 6;
          continue;
        }
        out.push(byte, kind);
        i += 2;
      }
      for (; i < input.length; i++) held.push(input[i]!);
      return Uint8Array.from(out);
    },
    end() {
      const rest = Uint8Array.from(held);
      held = [];
      return rest;
    },
  };
}
