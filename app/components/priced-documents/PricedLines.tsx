import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { LINE_CONSTRAINT, type EditorLine, type ServiceChoice } from "~/lib/priced-lines";

export const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-invalid:border-red-500 disabled:bg-slate-50";

interface Props {
  lines: EditorLine[];
  errors: Record<string, string>;
  hydrated: boolean;
  services: ServiceChoice[];
  onChange: (lines: EditorLine[]) => void;
  onRemove: (index: number) => void;
  /** Add Line with the chosen service's id ("" for an empty line). */
  onAdd: (serviceId: string) => void;
}

/**
 * A priced document's lines in its editor (an estimate's, an invoice's):
 * Description, Quantity and Unit Price (dollars) each, and Remove; under them
 * the lines' own refusal and Add Line from a service. Without JavaScript,
 * Remove posts `remove-{i}` and Add Line `add` with `addService`, and the
 * server answers the lines as they then are. The inputs carry the attributes
 * of the schema the action checks (LINE_CONSTRAINT); the editor's form is
 * noValidate, so they mark the fields and the server's messages answer.
 */
export function PricedLines({ lines, errors, hydrated, services, onChange, onRemove, onAdd }: Props) {
  const [choice, setChoice] = useState("");
  return (
    <>
      <LineList lines={lines} errors={errors} hydrated={hydrated} onChange={onChange} onRemove={onRemove} />
      {errors.lines && <p className="text-sm font-medium text-red-600">{errors.lines}</p>}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="add-service" className="mb-1.5 block text-sm font-medium text-slate-800">
            Add a service
          </label>
          <select id="add-service" name="addService" value={choice} onChange={(e) => setChoice(e.target.value)} className={INPUT}>
            <option value="">An empty line</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title} ({s.price})
              </option>
            ))}
          </select>
        </div>
        <button type={hydrated ? "button" : "submit"} name="intent" value="add" onClick={hydrated ? () => onAdd(choice) : undefined} className={buttonClass("secondary")}>
          Add Line
        </button>
      </div>
    </>
  );
}

function LineList({ lines, errors, hydrated, onChange, onRemove }: Omit<Props, "services" | "onAdd">) {
  const update = (i: number, patch: Partial<EditorLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  if (!lines.length) return <p className="text-sm text-slate-600">No lines yet: add a service or an empty line below.</p>;
  return (
    <ol className="space-y-3">
      {lines.map((line, i) => {
        const id = (field: string) => `line-${i}-${field}`;
        const error = (field: string) => errors[`lines.${i}.${field}`];
        return (
          <li key={i}>
            <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_6rem_8rem_auto] sm:items-start">
              <legend className="px-1 text-xs font-semibold text-slate-600">Line {i + 1}</legend>
              <input type="hidden" name="serviceId" value={line.serviceId} />
              <div>
                <label htmlFor={id("description")} className="mb-1 block text-sm font-medium text-slate-800">
                  Description
                </label>
                <input id={id("description")} name="description" {...LINE_CONSTRAINT.description} value={line.description} onChange={(e) => update(i, { description: e.target.value })} className={INPUT} aria-invalid={error("description") ? true : undefined} aria-describedby={error("description") ? id("description-error") : undefined} />
                {error("description") && <p id={id("description-error")} className="mt-1 text-sm font-medium text-red-600">{error("description")}</p>}
              </div>
              <div>
                <label htmlFor={id("quantity")} className="mb-1 block text-sm font-medium text-slate-800">
                  Quantity
                </label>
                <input id={id("quantity")} name="quantity" type="number" step={1} {...LINE_CONSTRAINT.quantity} value={line.quantity} onChange={(e) => update(i, { quantity: e.target.value })} className={INPUT} aria-invalid={error("quantity") ? true : undefined} aria-describedby={error("quantity") ? id("quantity-error") : undefined} />
                {error("quantity") && <p id={id("quantity-error")} className="mt-1 text-sm font-medium text-red-600">{error("quantity")}</p>}
              </div>
              <div>
                <label htmlFor={id("unitPrice")} className="mb-1 block text-sm font-medium text-slate-800">
                  Unit Price
                </label>
                <input id={id("unitPrice")} name="unitPrice" inputMode="decimal" {...LINE_CONSTRAINT.unitPrice} value={line.unitPrice} onChange={(e) => update(i, { unitPrice: e.target.value })} className={INPUT} aria-invalid={error("unitPrice") ? true : undefined} aria-describedby={error("unitPrice") ? id("unitPrice-error") : undefined} />
                {error("unitPrice") && <p id={id("unitPrice-error")} className="mt-1 text-sm font-medium text-red-600">{error("unitPrice")}</p>}
              </div>
              <button
                type={hydrated ? "button" : "submit"}
                name="intent"
                value={`remove-${i}`}
                onClick={hydrated ? () => onRemove(i) : undefined}
                className={`${buttonClass("secondary")} sm:mt-6`}
              >
                Remove
              </button>
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}
