/**
 * An upload's own file name, made safe to keep, show and hand back as the
 * download name (docs/decisions/0046). The stored name stays the server's
 * random one (ADR 0042); this is only what people see.
 */

const MAX_LENGTH = 120;
// Path separators and what Windows forbids in a name; quotes would end a header parameter.
const FORBIDDEN = /[\\/:*?"<>|]/g;
// C0 and C1 controls, and the invisible characters that reorder or hide text
// (bidi overrides make "gpj.exe" display as "exe.jpg"; zero-width joiners).
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const SAME_TYPE: Record<string, string[]> = { jpg: ["jpeg", "jpe"], mov: ["qt"], ogg: ["ogv", "oga"] };

/**
 * The name the browser sent, reduced to its last path segment, without
 * control, invisible or forbidden characters, at most 120 characters, and
 * ending in the extension of the type the file was stored as (`storedExt`):
 * "C:\\fakepath\\Before photo.JPEG" stored as jpg → "Before photo.JPEG";
 * "invoice.pdf" that is really a PNG → "invoice.png"; "page.html" stored as
 * bin → "page.bin". Empty or nothing left: "file.{storedExt}".
 */
export function sanitiseFileName(raw: string | undefined | null, storedExt: string): string {
  const last = (raw ?? "").split(/[\\/]/).pop() ?? "";
  let name = last.normalize("NFC").replace(INVISIBLE, "").replace(FORBIDDEN, "_").replace(/\s+/g, " ").trim();
  // No leading dots (hidden files) and no trailing dots or spaces (Windows drops them).
  name = name.replace(/^[.\s]+/, "").replace(/[.\s]+$/, "");
  const dot = name.lastIndexOf(".");
  let stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot + 1) : "";
  const lower = ext.toLowerCase();
  const keepsExt = lower === storedExt || SAME_TYPE[storedExt]?.includes(lower);
  const suffix = `.${keepsExt ? ext : storedExt}`;
  if (!stem) stem = "file";
  // Cut by code points, never in the middle of a character.
  const room = MAX_LENGTH - suffix.length;
  const chars = [...stem];
  if (chars.length > room) stem = chars.slice(0, room).join("").trimEnd();
  return `${stem}${suffix}`;
}

/**
 * Content-Disposition for a download named `fileName` (RFC 6266): an ASCII
 * `filename` for old clients and the exact name as UTF-8 in `filename*`
 * (RFC 8187 percent-encoding).
 */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
