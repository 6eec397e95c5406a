import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";

/**
 * Text in any alphabet for the PDFs (docs/decisions/0106). pdfkit's built-in
 * Helvetica has only Latin-1, so `Nguyễn Văn Đức` came out as `NguyÅn V6âéc`.
 * Three Noto faces from npm packages (SIL Open Font License 1.1), each in
 * regular and bold: Noto Sans (Latin with Vietnamese and Polish, Greek,
 * Cyrillic), Noto Naskh Arabic, Noto Sans Hans (Chinese, Japanese kana).
 * A text is cut into runs, each in the first face that has its characters;
 * pdfkit embeds only the glyphs a document uses (a subset of each font), and
 * loads a face only when a document needs it: a Latin-only estimate never
 * reads the 8 MB Chinese font.
 *
 * The font files are read from node_modules at run time, found through
 * Node's own resolution from this module (the server bundle in build/ finds
 * them as it finds pdfkit).
 */

export type Face = "latin" | "arabic" | "cjk";

const FACES: Record<Face, { pkg: string; regular: string; bold: string }> = {
  latin: { pkg: "@embedpdf/fonts-latin", regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" },
  arabic: { pkg: "@embedpdf/fonts-arabic", regular: "NotoNaskhArabic-Regular.ttf", bold: "NotoNaskhArabic-Bold.ttf" },
  cjk: { pkg: "@embedpdf/fonts-sc", regular: "NotoSansHans-Regular.otf", bold: "NotoSansHans-Bold.otf" },
};
/** The order faces are tried in: the small, common ones first. */
const ORDER: readonly Face[] = ["latin", "arabic", "cjk"];
/** Written right to left: laid out a whole run at a time (see writeText). */
const RTL: ReadonlySet<Face> = new Set(["arabic"]);

const resolveFromHere = createRequire(import.meta.url).resolve;

/** The font file's path: the packages export only their index (dist/), with the fonts in fonts/ beside it. */
export function fontPath(face: Face, bold: boolean): string {
  const { pkg, regular, bold: boldFile } = FACES[face];
  return path.join(path.dirname(resolveFromHere(pkg)), "..", "fonts", bold ? boldFile : regular);
}

/**
 * Each font opened once per process and handed to every document as the
 * opened font (pdfkit takes a fontkit font as well as bytes): fontkit decodes
 * a font's layout tables on its first use, which for Noto Sans takes longer
 * than the rest of a PDF, and would do it again for every document given bytes.
 * pdfkit still makes its own subset per document.
 */
const opened = new Map<string, fontkit.Font>();
function openFont(face: Face, bold: boolean): fontkit.Font {
  const key = `${face}-${bold ? "bold" : "regular"}`;
  let font = opened.get(key);
  if (!font) {
    font = fontkit.create(readFileSync(fontPath(face, bold)));
    if (RTL.has(face)) readsBackInLogicalOrder(font);
    remembersLayouts(font);
    opened.set(key, font);
  }
  return font;
}

/**
 * A right-to-left run is drawn in visual order (fontkit reverses it), and
 * text extraction (pdf.js, as in pdf-parse and Firefox) reverses it back,
 * letter by letter. A ligature of several letters (lam-alef in `صلاح`, the
 * word Allah in `عبد الله`) comes back with its own letters reversed unless
 * the PDF names them in visual order too: so its glyph tells pdfkit (which
 * writes the glyph's code points into the font's ToUnicode map) the letters
 * last to first.
 */
function readsBackInLogicalOrder(font: fontkit.Font): void {
  const visual = new WeakMap<fontkit.Glyph, fontkit.Glyph>();
  const layout = font.layout.bind(font);
  font.layout = (...args) => {
    const run = layout(...args);
    run.glyphs = run.glyphs.map((glyph) => {
      if (glyph.codePoints.length < 2) return glyph;
      let reversed = visual.get(glyph);
      if (!reversed) visual.set(glyph, (reversed = Object.create(glyph, { codePoints: { value: glyph.codePoints.toReversed() } }) as fontkit.Glyph));
      return reversed;
    });
    return run;
  };
}

/**
 * Shaping a word (fontkit's GSUB and GPOS lookups) was 40 % of a PDF's time,
 * and pdfkit remembers words only within one document: the font remembers
 * them for every document ("Subtotal", "$199.00" are in each). pdfkit scales
 * the positions it is given in place, so each caller gets its own copy.
 */
const REMEMBERED_LAYOUTS = 5_000;
function remembersLayouts(font: fontkit.Font): void {
  const layouts = new Map<string, fontkit.GlyphRun>();
  const layout = font.layout.bind(font);
  font.layout = (text, features, ...rest) => {
    if (rest.length) return layout(text, features, ...rest);
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = layouts.get(key);
    if (!run) {
      if (layouts.size >= REMEMBERED_LAYOUTS) layouts.clear();
      layouts.set(key, (run = layout(text, features)));
    }
    return Object.create(run, { positions: { value: run.positions.map((p) => ({ ...p })), writable: true } }) as fontkit.GlyphRun;
  };
}

/** Whether a face has a character, asked of its regular font (the bold has the same ones). */
function covers(face: Face, codePoint: number): boolean {
  return openFont(face, false).hasGlyphForCodePoint(codePoint);
}

/** Spaces, punctuation and combining marks: they stay in the run they follow when its face has them. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Digits and Latin punctuation would be reversed inside a right-to-left run: only spaces join one. */
const SPACE = /^\s$/u;

export interface TextRun {
  face: Face;
  text: string;
}

/**
 * "Nguyễn Văn Đức" → one Latin run; "王小明 (Ming)" → "王小明 (" in the Chinese
 * face, "Ming)" in the Latin one. A character no face has goes with the run it
 * follows (it shows as a blank box, and reads back as itself).
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text.normalize("NFC")) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    const joins = current && (RTL.has(current.face) ? SPACE : NEUTRAL).test(char) && covers(current.face, codePoint);
    const face = joins ? current.face : (ORDER.find((f) => covers(f, codePoint)) ?? current?.face ?? "latin");
    if (current?.face === face) current.text += char;
    else runs.push({ face, text: char });
  }
  // A right-to-left run's trailing spaces would be drawn at its left end: they go to the next run.
  for (let i = 0; i < runs.length - 1; i++) {
    const run = runs[i]!;
    if (!RTL.has(run.face)) continue;
    const trimmed = run.text.trimEnd();
    runs[i + 1]!.text = run.text.slice(trimmed.length) + runs[i + 1]!.text;
    run.text = trimmed;
  }
  return runs;
}

const loaded = new WeakMap<PDFKit.PDFDocument, Set<string>>();
/** Makes `face` the document's current font, registering it the first time. */
function useFace(doc: PDFKit.PDFDocument, face: Face, bold: boolean): void {
  const name = `${face}-${bold ? "bold" : "regular"}`;
  let names = loaded.get(doc);
  if (!names) loaded.set(doc, (names = new Set()));
  if (!names.has(name)) {
    // pdfkit 0.20 takes an opened fontkit font (its PDFFontFactory), which @types/pdfkit does not know yet.
    doc.registerFont(name, openFont(face, bold) as unknown as Buffer);
    names.add(name);
  }
  doc.font(name);
}

export interface WriteOptions extends PDFKit.Mixins.TextOptions {
  /** The font size in points. */
  size: number;
  bold?: boolean;
  /** Where to start; without them, at the document's cursor, as pdfkit's own text(). */
  x?: number;
  y?: number;
}

/**
 * pdfkit's text() for text in any alphabet: each run in its face, one after
 * the other on the same lines (pdfkit's `continued`), wrapping as one text,
 * every face on the Latin face's baseline (pdfkit would hang each from its
 * own ascender: Chinese would sit higher). Meant for left-aligned text:
 * pdfkit aligns each run of a mixed text on its own, so right-aligned texts
 * are ours (dates, totals), in one face.
 *
 * A right-to-left run is handed to fontkit whole (any `features` option does
 * that: without one pdfkit lays out word by word, which reverses the letters
 * of each word but leaves the words in left-to-right order). Lines stay
 * left-to-right: a right-to-left run inside a Latin line sits where it is
 * written, and a right-to-left text with digits in it is drawn in runs
 * left to right (there is no full bidirectional layout).
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, options: WriteOptions): void {
  doc.fontSize(options.size);
  const runs = textRuns(text);
  // In one face (nearly always): pdfkit's own text(), line breaks and all.
  if (runs.length <= 1) return writeRuns(doc, runs.length ? runs : [{ face: "latin", text }], options);
  // pdfkit's continued text loses a line break inside a later run: a paragraph at a time.
  const { x, y, ...rest } = options;
  if (x !== undefined) doc.x = x;
  if (y !== undefined) doc.y = y;
  for (const paragraph of text.split("\n")) {
    if (paragraph) writeRuns(doc, textRuns(paragraph), rest);
    else doc.moveDown(1);
  }
}

function writeRuns(doc: PDFKit.PDFDocument, runs: TextRun[], options: WriteOptions): void {
  const { size, bold = false, x, y, ...textOptions } = options;
  // pdfkit's default baseline for the Latin face, given to every face.
  const baseline = -ascent(bold) * size;
  runs.forEach((run, i) => {
    useFace(doc, run.face, bold);
    const last = i === runs.length - 1;
    const runOptions: PDFKit.Mixins.TextOptions = {
      ...textOptions,
      baseline,
      // Later runs inherit the first one's options (pdfkit's continued text): every run of a mixed text says its own.
      ...(runs.length > 1 || RTL.has(run.face) ? { features: [] } : {}),
      continued: last ? textOptions.continued : true,
    };
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
}

/** The Latin face's ascender per point of size: where pdfkit puts its baseline below the top of a line. */
function ascent(bold: boolean): number {
  const font = openFont("latin", bold);
  return font.ascent / font.unitsPerEm;
}

/**
 * The height writeText would take: pdfkit's own measure for a text in one
 * face; for a mixed one, the runs' widths added up, on lines of the tallest face.
 */
export function heightOfText(doc: PDFKit.PDFDocument, text: string, options: WriteOptions & { width: number }): number {
  const { size, bold = false, x: _x, y: _y, ...textOptions } = options;
  doc.fontSize(size);
  const runs = textRuns(text);
  if (runs.length <= 1) {
    useFace(doc, runs[0]?.face ?? "latin", bold);
    return doc.heightOfString(text, textOptions);
  }
  let width = 0;
  let lineHeight = 0;
  for (const run of runs) {
    useFace(doc, run.face, bold);
    width += doc.widthOfString(run.text);
    lineHeight = Math.max(lineHeight, doc.currentLineHeight(true) + (textOptions.lineGap ?? 0));
  }
  const lines = text.split("\n").length - 1 + Math.max(1, Math.ceil(width / textOptions.width));
  return lines * lineHeight;
}
