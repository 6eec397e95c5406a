import { Link } from "react-router";

interface Item {
  id: number;
  href: string;
  /** "Estimate #12" (struck through when void). */
  name: React.ReactNode;
  /** Its status and total, as the kind says them. */
  detail: React.ReactNode;
}

/** One kind's documents on the lead's page (docs/decisions/0116): the heading, the kind's Create button, and each one with its status. */
export function LeadDocuments({ id, title, create, items }: { id: string; title: string; create: React.ReactNode; items: Item[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {create}
      </div>
      {items.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link to={item.href} className="font-semibold text-brand-700 hover:underline">
                {item.name}
              </Link>
              <span className="text-slate-700">{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
