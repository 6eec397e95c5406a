/**
 * The rich-text editor's configuration: its toolbar and formats. The format
 * allow-list here is the one the server sanitiser (app/server/rich-text.server.ts)
 * enforces on every stored value; change them together.
 */

/** Formats the editor can produce; Quill drops anything else, pasted content included. */
export const RICH_TEXT_FORMATS = [
  "header",
  "font",
  "size",
  "bold",
  "italic",
  "underline",
  "strike",
  "blockquote",
  "list",
  "indent",
  "link",
  "image",
  "video",
  "align",
  "color",
  "background",
  "script",
  "direction",
] as const;

export const LINK_PROTOCOLS = ["http", "https", "mailto", "tel"];

/** The fixed 36-colour palette: six rows of six, from neutrals to deep hues. */
export const PALETTE = [
  "#000000",
  "#444444",
  "#666666",
  "#999999",
  "#cccccc",
  "#ffffff",
  "#e60000",
  "#ff9900",
  "#ffff00",
  "#008a00",
  "#0066cc",
  "#9933ff",
  "#facccc",
  "#ffebcc",
  "#ffffcc",
  "#cce8cc",
  "#cce0f5",
  "#ebd6ff",
  "#f06666",
  "#ffc266",
  "#ffff66",
  "#66b966",
  "#66a3e0",
  "#c285ff",
  "#a10000",
  "#b26b00",
  "#b2b200",
  "#006100",
  "#0047b2",
  "#6b24b2",
  "#5c0000",
  "#663d00",
  "#666600",
  "#003700",
  "#002966",
  "#3d1466",
];

export const TOOLBAR = [
  [{ header: [1, 2, false] }],
  [{ font: [false, "serif", "monospace"] }],
  [{ size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike", "blockquote"],
  [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }],
  ["link", "image", "video"],
  [{ align: [false, "center", "right", "justify"] }],
  [{ color: PALETTE }, { background: PALETTE }],
  [{ script: "sub" }, { script: "super" }],
  [{ direction: "rtl" }],
  ["clean"],
];

/** Undo merges changes made within a second of each other and keeps 100 steps. */
export const HISTORY = { delay: 1000, maxStack: 100, userOnly: true };

/** The image button's file picker. */
export const IMAGE_MIME_TYPES = ["image/png", "image/gif", "image/jpeg", "image/bmp", "image/x-icon"];

/** Names for the toolbar's drop-downs, which Quill leaves unnamed. */
export const PICKER_LABELS: Record<string, string> = {
  header: "Heading",
  font: "Font",
  size: "Text size",
  align: "Alignment",
  color: "Text colour",
  background: "Background colour",
};

/** Quill keeps an empty document as an empty paragraph; the form stores "". */
export function normaliseEditorHtml(html: string): string {
  return /^(<p>(<br>)?<\/p>)*$/.test(html) ? "" : html;
}
