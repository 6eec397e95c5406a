import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text.server";
import { videoEmbedSrc } from "./video-embeds.server";

// What Quill 2's "video" button writes.
const quillVideo = (src: string) => `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${src}"></iframe>`;

describe("sanitizeRichText: frames", () => {
  it("keeps the editor's video embeds from YouTube, YouTube without cookies and Vimeo", () => {
    for (const src of [
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30",
      "https://player.vimeo.com/video/76979871",
    ]) {
      expect(sanitizeRichText(`<p>Watch</p>${quillVideo(src)}`), src).toBe(`<p>Watch</p>${quillVideo(src)}`);
    }
  });

  it("removes a frame of any other page, with its content", () => {
    for (const src of [
      "https://evil.com",
      "https://evil.com/embed/x",
      "http://www.youtube.com/embed/x",
      "https://youtube.com/embed/x",
      "https://www.youtube.com/watch?v=x",
      "https://www.youtube.com/embed/",
      "https://www.youtube.com/embedx",
      "https://www.youtube.com/embed/../signin",
      "https://www.youtube.com/embed/%2e%2e/signin",
      "https://www.youtube.com.evil.com/embed/x",
      "https://www.youtube.com@evil.com/embed/x",
      "https://user:pw@www.youtube.com/embed/x",
      "https://www.youtube.com:8443/embed/x",
      "https://player.vimeo.com/videos/1",
      "//www.youtube.com/embed/x",
      "/embed/x",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "not a url",
    ]) {
      const html = sanitizeRichText(`<p>Before</p><iframe src="${src}">inside</iframe><p>After</p>`);
      expect(html, src).toBe("<p>Before</p><p>After</p>");
    }
  });

  it("removes the About Story's frame of evil.com and a frame without src or with srcdoc", () => {
    expect(sanitizeRichText('<p>Our story</p><iframe src="https://evil.com"></iframe>')).toBe("<p>Our story</p>");
    expect(sanitizeRichText("<iframe></iframe><p>x</p>")).toBe("<p>x</p>");
    expect(sanitizeRichText('<iframe srcdoc="<script>alert(1)</script>"></iframe><p>x</p>')).toBe("<p>x</p>");
  });

  it("stores an allowed player's address as the browser will request it", () => {
    expect(sanitizeRichText('<iframe src="HTTPS://WWW.YOUTUBE.COM:443/embed/abc"></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
    );
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/embed/a&amp;b"></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/a&amp;b"></iframe>',
    );
  });

  it("drops attributes a frame may not have (events, sandbox escapes, srcdoc)", () => {
    const html = sanitizeRichText(
      '<iframe src="https://player.vimeo.com/video/1" onload="alert(1)" allow="camera" srcdoc="x" name="top"></iframe>',
    );
    expect(html).toBe('<iframe src="https://player.vimeo.com/video/1"></iframe>');
  });
});

describe("videoEmbedSrc", () => {
  it("judges the address as the browser parses it", () => {
    expect(videoEmbedSrc("https://www.youtube.com\\embed/x")).toBe("https://www.youtube.com/embed/x");
    expect(videoEmbedSrc(" https://player.vimeo.com/video/2 ")).toBe("https://player.vimeo.com/video/2");
    expect(videoEmbedSrc("https://www.youtube.com/embed/x/../../signin")).toBeUndefined();
  });
});
