import { Link } from "react-router";
import type { PropertySchema } from "~/lib/table-schema";
import { cellContent } from "./cell-format";

export function GridCell({ name, prop, value }: { name: string; prop: PropertySchema; value: unknown }) {
  const content = cellContent(name, prop, value);
  switch (content.kind) {
    case "empty":
      return <span className="text-slate-300">—</span>;
    case "image":
      return (
        <img
          src={content.url}
          alt=""
          loading="lazy"
          className="size-10 rounded-md object-cover ring-1 ring-slate-200"
        />
      );
    case "link":
      return (
        <a
          href={content.url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline-offset-2 hover:underline"
        >
          {content.text}
        </a>
      );
    case "page":
      return (
        <Link to={content.url} className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline">
          {content.text}
        </Link>
      );
    default:
      if (prop.type === "boolean") {
        const yes = value === true;
        return (
          <span
            className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${yes ? "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200" : "bg-slate-100 text-slate-600"}`}
          >
            {content.text}
          </span>
        );
      }
      // Short values stay on one line; long text gets a readable column width.
      return content.text.length > 40 ? (
        <span title={content.title} className="block w-64 max-w-md">
          {content.text}
        </span>
      ) : (
        <span title={content.title} className="whitespace-nowrap">
          {content.text}
        </span>
      );
  }
}
