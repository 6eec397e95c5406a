/**
 * The quote form's values from the page's address (/?name=…&email=…#quote-request):
 * a maintenance reminder links the form filled in for the customer
 * (docs/decisions/0091). Only the form's own fields, each cut to its limit;
 * the visitor sees and may change every one before sending.
 */
const PREFILL_LIMITS = { name: 100, email: 254, phone: 20, vehicle_type: 100, service_address: 300, message: 1000 } as const;

export function quotePrefill(params: URLSearchParams): Partial<Record<keyof typeof PREFILL_LIMITS, string>> {
  const values: Partial<Record<keyof typeof PREFILL_LIMITS, string>> = {};
  for (const [name, max] of Object.entries(PREFILL_LIMITS) as [keyof typeof PREFILL_LIMITS, number][]) {
    const value = params.get(name)?.trim();
    if (value) values[name] = value.slice(0, max);
  }
  return values;
}
