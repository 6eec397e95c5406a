/** The customer page's inputs: red border and ring when the field was refused. */
export const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:ring-2 focus:outline-none ${
    invalid ? "border-red-500 focus:border-red-500 focus:ring-red-100" : "border-slate-300 focus:border-brand-500 focus:ring-brand-100"
  }`;

export const labelClass = "block text-sm font-medium text-slate-700";
export const panelClass = "rounded-xl border border-slate-200 bg-white p-4 sm:p-5";
