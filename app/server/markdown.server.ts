import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// FAQ answers are short prose: paragraphs, emphasis, lists and links. Anything
// else an editor types (headings, images, raw HTML) is reduced to its text.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const allowList: sanitizeHtml.IOptions = {
  allowedTags: ["p", "strong", "em", "a", "ul", "ol", "li", "br", "code"],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  // "//evil.example" would otherwise pass as a scheme-less link.
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // No frames at all in FAQ answers (not even the video players rich text may
  // embed), and what an author wrote inside one goes with it: a frame's
  // content is never shown in a browser, so it must not appear as text here
  // (the first five are sanitize-html's own list, which this option replaces).
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "iframe"],
  transformTags: {
    // Set here so no author-written rel survives: every link is opener-safe.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }),
  },
};

/**
 * Markdown (as stored for FAQ answers) to HTML that is safe to put in the page
 * with dangerouslySetInnerHTML. Runs on the server only, so neither library
 * reaches the browser bundle.
 */
export function renderMarkdown(md: string): string {
  const html = markdown.parse(md) as string;
  return sanitizeHtml(html, allowList).trim();
}
