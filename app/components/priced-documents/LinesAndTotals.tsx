/*
 * A priced document's lines and totals as shown (docs/decisions/0116): the
 * editor's live totals, a sent invoice, the customer's pages (no admin
 * imports: the customer's pages ship no JavaScript and import nothing of the
 * dashboard).
 */

/** The totals under a document's lines: [label, value, bold]. */
export function Totals({ rows }: { rows: [string, string, boolean?][] }) {
  return (
    <dl aria-label="Totals" className="ml-auto max-w-xs space-y-1 border-t border-slate-200 pt-4 text-sm">
      {rows.map(([label, value, strong]) => (
        <div key={label} className={`flex justify-between gap-6 ${strong ? "text-base font-bold text-slate-900" : "text-slate-700"}`}>
          <dt>{label}</dt>
          <dd className="tabular-nums" data-total={label.split(" ")[0]}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A document's lines as a table (a sent invoice, or the customer's view). */
export function LinesTable({ lines }: { lines: { description: string; quantity: number; unitPrice: string; amount: string }[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Lines</caption>
        <thead className="border-b border-slate-200 text-left text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">Description</th>
            <th scope="col" className="px-3 py-2 text-right">Qty</th>
            <th scope="col" className="px-3 py-2 text-right">Unit Price</th>
            <th scope="col" className="py-2 pl-3 text-right">Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((l, i) => (
            <tr key={i}>
              <td className="py-2 pr-3 break-words text-slate-900">{l.description}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.quantity}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.unitPrice}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{l.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
