import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

// The editor (and its CSS) is fetched only when a markdown field is shown in
// the browser; the server renders a plain text area, which is also what works
// without JavaScript.
const MDEditor = lazy(() => import("@uiw/react-md-editor/nohighlight"));

export interface MarkdownEditorProps {
  id: string;
  name: string;
  value: string;
  onChange: (markdown: string) => void;
  placeholder?: string;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

export function MarkdownEditor({
  id,
  name,
  value,
  onChange,
  placeholder,
  disabled,
  describedBy,
  invalid,
}: MarkdownEditorProps) {
  const hydrated = useHydrated();
  const textareaProps = {
    id,
    name,
    placeholder,
    disabled,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  };
  const plain = (
    <textarea
      {...textareaProps}
      rows={10}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      className="block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
    />
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <div data-color-mode="light" className={`overflow-hidden rounded-lg ${invalid ? "ring-2 ring-red-400" : ""}`}>
        <MDEditor
          value={value}
          onChange={(next) => onChange(next ?? "")}
          preview="edit"
          height={260}
          visibleDragbar={false}
          textareaProps={textareaProps}
        />
      </div>
    </Suspense>
  );
}
