import sanitizeHtml from "sanitize-html";
import { videoEmbedSrc } from "./video-embeds.server";

// Quill 2's HTML for exactly the editor's formats (headers 1-6, font, size,
// bold/italic/underline/strike, blockquote, lists, indent 1-8, links to
// http/https/mailto/tel, images from http/https/data, videos from the allowed
// players (video-embeds.server.ts), align, colours,
// sub/superscript, direction): anything
// else is removed before a rich_text value is stored, so what the public site
// renders is what the editor could have produced.
const QUILL_CLASS = [
  /^ql-align-(center|right|justify)$/,
  /^ql-indent-[1-8]$/,
  /^ql-size-(small|large|huge)$/,
  /^ql-font-(serif|monospace)$/,
  /^ql-direction-rtl$/,
];
const BLOCKS = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ol", "ul", "li", "pre"];
// #rgb, #rrggbb or rgb(r, g, b): the colour picker's values, nothing that can carry url().
const COLOUR = [/^#[0-9a-f]{3}([0-9a-f]{3})?$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCKS, "strong", "em", "u", "s", "span", "a", "img", "iframe", "sub", "sup", "br"],
  allowedAttributes: {
    "*": ["class"],
    li: ["data-list", "class"],
    span: ["class", "style"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    iframe: ["src", "class", "frameborder", "allowfullscreen"],
    pre: ["class", "spellcheck", "data-language"],
  },
  allowedClasses: {
    "*": QUILL_CLASS,
    span: [...QUILL_CLASS, "ql-ui"],
    iframe: ["ql-video", ...QUILL_CLASS],
    pre: ["ql-syntax", ...QUILL_CLASS],
  },
  allowedStyles: { span: { color: COLOUR, "background-color": COLOUR } },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // <script>, <style> and the like go with their content; other unknown tags keep their text.
  disallowedTagsMode: "discard",
  transformTags: {
    // Links the editor makes open in a new tab; none may reach back to this page's window.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } }),
    // A video keeps only its player's address, normalised; any other frame loses
    // its src and so is removed below (a frame of another site could ask the
    // visitor for anything in this page's name).
    iframe: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const video = src === undefined ? undefined : videoEmbedSrc(src);
      return { tagName, attribs: video ? { ...rest, src: video } : rest };
    },
    // Only ordered and bullet lists exist in Quill 2 (both written as <ol>).
    li: (tagName, attribs) => {
      const { "data-list": list, ...rest } = attribs;
      return { tagName, attribs: list === "ordered" || list === "bullet" ? { ...rest, "data-list": list } : rest };
    },
  },
  exclusiveFilter: (frame) =>
    // data: images only for real raster images (data:image/svg+xml can carry script when opened).
    (frame.tag === "img" && (!frame.attribs.src || (/^data:/i.test(frame.attribs.src) && !/^data:image\/(png|gif|jpeg|webp|bmp|x-icon);/i.test(frame.attribs.src)))) ||
    (frame.tag === "iframe" && !frame.attribs.src),
};

/** A rich_text value reduced to the editor's allow-list; safe to render as HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
