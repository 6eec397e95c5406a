import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders the allowed markdown: paragraphs, emphasis, lists, code, line breaks", () => {
    const html = renderMarkdown("Hello **bold** and *soft* `code`  \nnext line\n\n- one\n- two\n\n1. first");
    expect(html).toBe(
      "<p>Hello <strong>bold</strong> and <em>soft</em> <code>code</code><br />next line</p>\n" +
        "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>first</li>\n</ol>",
    );
  });

  it("keeps http, https, mailto and tel links and makes them opener-safe", () => {
    const html = renderMarkdown(
      "[site](https://example.com) [plain](http://example.com) [mail](mailto:info@example.com) [call](tel:+16165550142)",
    );
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="http://example.com" rel="noopener noreferrer">plain</a>');
    expect(html).toContain('<a href="mailto:info@example.com" rel="noopener noreferrer">mail</a>');
    expect(html).toContain('<a href="tel:+16165550142" rel="noopener noreferrer">call</a>');
  });

  it("overrides a rel the author wrote", () => {
    const html = renderMarkdown('<a href="https://example.com" rel="opener">x</a>');
    expect(html).toBe('<p><a href="https://example.com" rel="noopener noreferrer">x</a></p>');
  });

  it("drops script and style elements with their content", () => {
    const html = renderMarkdown("Before\n\n<script>alert(1)</script>\n\n<style>body{display:none}</style>\n\nAfter");
    expect(html).not.toMatch(/script|alert|style|display/i);
    expect(html).toContain("Before");
    expect(html).toContain("After");
  });

  it("removes javascript:, data: and vbscript: links, in markdown and in raw HTML", () => {
    for (const md of [
      "[click](javascript:alert(1))",
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">click</a>',
      '<a href="&#106;avascript:alert(1)">click</a>',
      '<a href=" javascript:alert(1)">click</a>',
      '<a href="data:text/html,<script>alert(1)</script>">click</a>',
      '<a href="vbscript:msgbox(1)">click</a>',
    ]) {
      const html = renderMarkdown(md);
      expect(html, md).not.toMatch(/javascript|vbscript|data:|alert/i);
      expect(html, md).toContain("click");
    }
  });

  it("removes protocol-relative links", () => {
    expect(renderMarkdown('<a href="//evil.example/x">x</a>')).not.toContain("evil.example");
  });

  it("removes every frame, even of a video player rich text may embed: FAQ answers are prose", () => {
    for (const src of ["https://evil.com", "https://www.youtube.com/embed/abc", "https://player.vimeo.com/video/1"]) {
      const html = renderMarkdown(`Watch\n\n<iframe src="${src}">inside</iframe>\n\nthis`);
      expect(html, src).toBe("<p>Watch</p>\n<p>this</p>");
    }
  });

  it("removes event handler attributes and disallowed elements", () => {
    const html = renderMarkdown(
      '<img src=x onerror="alert(1)"> <p onclick="alert(2)">para</p> <iframe src="https://evil.example"></iframe> ![img](https://example.com/a.png)',
    );
    expect(html).not.toMatch(/onerror|onclick|alert|<img|<iframe|evil\.example/i);
    expect(html).toContain("para");
  });

  it("drops attributes outside the allow-list (style, class, id, target)", () => {
    const html = renderMarkdown('<a href="https://example.com" style="x" class="y" id="z" target="_top">x</a> <strong style="color:red">s</strong>');
    expect(html).not.toMatch(/style|class|id=|target/);
    expect(html).toContain("<strong>s</strong>");
  });

  it("reduces headings and other block elements to text", () => {
    const html = renderMarkdown("# Title\n\n> quote");
    expect(html).not.toMatch(/<h1|<blockquote/);
    expect(html).toMatch(/^Title\s+<p>quote<\/p>$/);
  });

  it("escapes text that looks like HTML but is not a tag", () => {
    expect(renderMarkdown("1 < 2 & 3 > 2")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>");
  });
});
