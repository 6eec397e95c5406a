import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fontPath, textRuns, type Face } from "./fonts.server";

// Issue 33: which face draws which part of a text (./fonts.server.ts).
describe("text runs", () => {
  const runs = (text: string) => textRuns(text).map((r) => [r.face, r.text]);

  it("keeps a name in one alphabet in one face, its spaces and punctuation included", () => {
    expect(runs("Nguyễn Văn Đức")).toEqual([["latin", "Nguyễn Văn Đức"]]);
    expect(runs("Zoë Łukasiewicz, Дмитрий")).toEqual([["latin", "Zoë Łukasiewicz, Дмитрий"]]);
    expect(runs("王小明，你好")).toEqual([["cjk", "王小明，你好"]]);
    expect(runs("محمد عبد الله")).toEqual([["arabic", "محمد عبد الله"]]);
  });

  it("composes letters typed as a base and accents (as macOS may send them)", () => {
    expect(runs("Nguye\u0302\u0303n")).toEqual([["latin", "Nguyễn"]]);
  });

  it("changes face where the alphabet changes, punctuation staying with the run before it", () => {
    expect(runs("Wash for 王小明 (Ming)")).toEqual([
      ["latin", "Wash for "],
      ["cjk", "王小明 ("],
      ["latin", "Ming)"],
    ]);
  });

  it("ends a right-to-left run at its last letter: spaces, digits and Latin punctuation are drawn left to right", () => {
    expect(runs("Wash for محمد عبد الله, today")).toEqual([
      ["latin", "Wash for "],
      ["arabic", "محمد عبد الله"],
      ["latin", ", today"],
    ]);
    expect(runs("شارع 12")).toEqual([
      ["arabic", "شارع"],
      ["latin", " 12"],
    ]);
  });

  it("finds every font file in the installed packages", () => {
    for (const face of ["latin", "arabic", "cjk"] satisfies Face[]) {
      for (const bold of [false, true]) expect(existsSync(fontPath(face, bold)), `${face} ${bold ? "bold" : "regular"}`).toBe(true);
    }
  });
});
