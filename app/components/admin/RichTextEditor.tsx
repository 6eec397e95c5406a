import "quill/dist/quill.snow.css";
import "./rich-text-editor.css";
import type Quill from "quill";
import { useEffect, useRef, useState } from "react";
import { htmlToText } from "./cell-format";
import {
  HISTORY,
  IMAGE_MIME_TYPES,
  LINK_PROTOCOLS,
  normaliseEditorHtml,
  PICKER_LABELS,
  RICH_TEXT_FORMATS,
  TOOLBAR,
} from "./rich-text-config";

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** The id of the element that names the editor (its field label). */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The admin rich-text editor: Quill 2 with the snow theme.
 * Quill touches `document` when imported, so it is imported in an effect —
 * in the browser only, and only by admin screens, which are the only importers
 * of this module. Until it loads (or without JavaScript) the current text shows.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder = "Enter text...",
  disabled = false,
  className = "",
  labelledBy,
  describedBy,
  invalid = false,
}: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // The HTML last sent to or received from the parent: the editor only
  // reloads its content when the value changes from outside.
  const lastHtml = useRef(value);
  const onChangeRef = useRef(onChange);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    const host = hostRef.current!;
    void import("quill").then(({ default: QuillClass }) => {
      if (cancelled) return;
      registerSafeLink(QuillClass);
      const container = document.createElement("div");
      host.appendChild(container);
      const quill = new QuillClass(container, {
        theme: "snow",
        placeholder,
        formats: [...RICH_TEXT_FORMATS],
        modules: {
          toolbar: TOOLBAR,
          history: HISTORY,
          uploader: { mimetypes: IMAGE_MIME_TYPES },
          keyboard: {
            bindings: {
              // A tab in a code block is two spaces, never a tab character.
              "code-block tab": {
                key: "Tab",
                format: ["code-block"],
                handler(range: { index: number }) {
                  quill.insertText(range.index, "  ", "user");
                  quill.setSelection(range.index + 2, 0, "silent");
                  return false;
                },
              },
            },
          },
        },
      });
      if (lastHtml.current) quill.clipboard.dangerouslyPasteHTML(lastHtml.current, "silent");
      quill.history.clear();
      nameToolbar(host);
      const root = quill.root;
      root.setAttribute("role", "textbox");
      root.setAttribute("aria-multiline", "true");
      if (labelledBy) root.setAttribute("aria-labelledby", labelledBy);
      if (describedBy) root.setAttribute("aria-describedby", describedBy);
      quill.on("text-change", () => {
        const html = normaliseEditorHtml(root.innerHTML);
        lastHtml.current = html;
        onChangeRef.current(html);
      });
      quillRef.current = quill;
      setReady(true);
    });
    return () => {
      cancelled = true;
      quillRef.current = null;
      host.replaceChildren();
    };
    // Quill is built once per mounted editor; later prop changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastHtml.current) return;
    lastHtml.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), "silent");
  }, [value, ready]);

  useEffect(() => {
    quillRef.current?.enable(!disabled);
  }, [disabled, ready]);

  useEffect(() => {
    quillRef.current?.root.setAttribute("aria-invalid", String(invalid));
  }, [invalid, ready]);

  return (
    <div
      className={`rich-text-editor ${disabled ? "is-disabled" : ""} ${className}`}
      data-invalid={invalid || undefined}
    >
      <div ref={hostRef} />
      {!ready && (
        <div className="min-h-[200px] rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-600">
          {htmlToText(value) || <span className="text-slate-400">{placeholder}</span>}
          <noscript>
            <p className="mt-2 text-xs text-slate-500">Editing rich text needs JavaScript.</p>
          </noscript>
        </div>
      )}
    </div>
  );
}

let linkRegistered = false;

/** Links only to http, https, mailto and tel (Quill's own list also has sms). */
function registerSafeLink(QuillClass: typeof Quill) {
  if (linkRegistered) return;
  const Link = QuillClass.import("formats/link") as unknown as { PROTOCOL_WHITELIST: string[] } & (new (
    ...args: never[]
  ) => object);
  class SafeLink extends Link {
    static override PROTOCOL_WHITELIST = LINK_PROTOCOLS;
  }
  QuillClass.register({ "formats/link": SafeLink }, true);
  linkRegistered = true;
}

/** Quill's drop-down pickers are spans with role=button and no name: give them one. */
function nameToolbar(host: HTMLElement) {
  for (const [format, label] of Object.entries(PICKER_LABELS)) {
    host.querySelector(`.ql-picker.ql-${format} .ql-picker-label`)?.setAttribute("aria-label", label);
  }
}
