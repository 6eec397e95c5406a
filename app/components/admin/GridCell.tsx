import { Link } from "react-router";
import type { PropertySchema } from "~/lib/table-schema";
import { cellContent } from "./cell-format";
import { useCellTimeZone } from "./cell-time-zone";
import { EnumBadge } from "./EnumBadge";

const linkClass = "text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]";

/**
 * One value for reading: in a grid cell or on a phone's card (cut short), or
 * whole in the View dialog (`full`). Enums are badges with their title,
 * e-mail addresses and phone numbers mailto:/tel: links, URLs links.
 */
export function GridCell({ name, prop, value, full = false }: { name: string; prop: PropertySchema; value: unknown; full?: boolean }) {
  const content = cellContent(name, prop, value, useCellTimeZone(), full ? Infinity : undefined);
  switch (content.kind) {
    case "empty":
      return <span className="text-slate-400">—</span>;
    case "image":
      return (
        <img
          src={content.url}
          alt=""
          loading="lazy"
          className={full ? "max-h-48 rounded-md ring-1 ring-slate-200" : "size-10 rounded-md object-cover ring-1 ring-slate-200"}
        />
      );
    case "link":
      return (
        <a href={content.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {content.text}
        </a>
      );
    case "contact":
      return (
        <a href={content.url} className={`${linkClass} md:whitespace-nowrap`}>
          {content.text}
        </a>
      );
    case "page":
      return (
        <Link to={content.url} className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline">
          {content.text}
        </Link>
      );
    case "badge":
      return <EnumBadge text={content.text} tone={content.tone} />;
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
      if (full) return <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{content.text}</span>;
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
