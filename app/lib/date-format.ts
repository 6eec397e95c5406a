/**
 * The one cache of Intl date formats (browser-safe). Making a format costs
 * far more than using it, and a page or an e-mail formats dozens of times in
 * one zone, so each (locale, zone, options) is made once per process.
 */
const made = new Map<string, Intl.DateTimeFormat>();
// The options' key, written once per options object: a timeline formats hundreds of times.
const keys = new WeakMap<Intl.DateTimeFormatOptions, string>();

/** The format for `options` (pass a constant: its key is remembered by the object) in `timeZone`. */
export function dateFormat(timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-US"): Intl.DateTimeFormat {
  let optionsKey = keys.get(options);
  if (optionsKey === undefined) keys.set(options, (optionsKey = JSON.stringify(options)));
  const key = `${locale}|${timeZone}|${optionsKey}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}
