// fontkit ships no types. pdfkit reads and subsets fonts with it; ./fonts.server.ts
// opens each font once per process with it and hands pdfkit the opened font.
declare module "fontkit" {
  export interface Glyph {
    id: number;
    /** The characters the glyph stands for: several for a ligature. */
    codePoints: number[];
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    /** xAdvance, yAdvance, xOffset, yOffset in font units. */
    positions: Record<string, number>[];
  }
  export interface Font {
    ascent: number;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  }
  export function create(buffer: Buffer): Font;
}
