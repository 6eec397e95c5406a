import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// @ci-once: reads only files; CI's second pass, on the embedded database, skips it.

/*
 * Every relative link in the README and the docs (markdown links, reference
 * definitions and <img src>) points to a file or folder that exists, so a
 * renamed decision record or a moved screenshot cannot leave a dead link.
 * Links in code blocks and inline code are examples, not links.
 */

const root = path.resolve(import.meta.dirname, "../..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

/** The link targets of a markdown text, outside fenced code blocks and inline code. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
  const targets: string[] = [];
  const patterns = [
    /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, // [text](target "title"), ![alt](target)
    /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm, // [label]: target
    /<(?:img|a)\b[^>]*?\s(?:src|href)="([^"]+)"/g, // <img src="…">, <a href="…">
  ];
  for (const pattern of patterns) for (const match of prose.matchAll(pattern)) targets.push(match[1]!);
  return targets;
}

/** A target this check cannot follow: another site, an e-mail address, a place in the same file. */
const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#");

const files = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs")), path.join(root, "bench/README.md")];

describe("links in the README and the docs", () => {
  it("finds the links it checks (a pattern that matches nothing would pass everything)", () => {
    expect(linkTargets("See [a](docs/a.md), ![b](b.png \"B\"), `[c](no.md)`, <img src=\"d.png\" width=\"3\">\n\n[e]: e.md\n\n```\n[f](no.md)\n```\n")).toEqual([
      "docs/a.md",
      "b.png",
      "e.md",
      "d.png",
    ]);
    expect(files.length).toBeGreaterThan(3);
  });

  for (const file of files) {
    it(`${path.relative(root, file)}: every relative link points to a file that exists`, () => {
      const dead = linkTargets(readFileSync(file, "utf8"))
        .filter((target) => !external(target))
        .filter((target) => {
          const pathname = decodeURIComponent(target.replace(/[?#].*$/, ""));
          const resolved = pathname.startsWith("/") ? path.join(root, pathname) : path.resolve(path.dirname(file), pathname);
          return !existsSync(resolved) || (pathname.endsWith("/") && !statSync(resolved).isDirectory());
        });
      expect(dead, `dead links in ${path.relative(root, file)}`).toEqual([]);
    });
  }
});
