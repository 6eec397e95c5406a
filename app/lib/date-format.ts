/**
 * The one cache of Intl date formats (browser-safe). Making a format costs
 * far more than using it, and a page or an e-mail formats dozens of times in
 * one zone, so each (locale, zone, options) is made once per process.
 */
const made = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-US"): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}
