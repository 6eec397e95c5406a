import { businessTel, type SiteSettings } from "~/lib/site-settings";

/**
 * Texts the owner writes (FAQ answers, care guides, the About story) may name
 * the business's settings as {phone}, {email}, {business_name} and
 * {service_area} (ui-contract.md, Public pages). They are filled in here, into
 * the already sanitised HTML, so a changed phone number changes everywhere
 * without anyone editing those texts.
 *
 * - In text, {phone} becomes a tel: link and {email} a mailto: link, unless
 *   the text is already inside a link: then, like the other two, it is the
 *   value as written. Values are HTML-escaped.
 * - In a link's address (href, src), {phone} is the number to dial
 *   (tel:{phone} gives tel:+16165550142) and {email} the address; markdown
 *   writes the braces there as %7B and %7D, which count too.
 * - Any other {word} stays as written.
 *
 * Filled when a page is rendered, not when a text is saved, so that a settings
 * save is all it takes. The cached pages (/, /about) follow it like any other
 * content: a save bumps the content version (docs/decisions/0003, 0014).
 *
 * The input must be the output of a sanitiser (renderMarkdown, sanitizeRichText):
 * there `<` and `>` only ever delimit tags and every attribute is written as
 * name="value", which is what lets this walk the HTML with two regular
 * expressions instead of a parser.
 */

type Placeholder = "phone" | "email" | "business_name" | "service_area";

const IN_TEXT = /\{(phone|email|business_name|service_area)\}/g;
// In an address markdown percent-encodes the braces.
const IN_URL = /(?:\{|%7[bB])(phone|email|business_name|service_area)(?:\}|%7[dD])/g;
const URL_ATTRIBUTES = new Set(["href", "src"]);
const TAG_OR_TEXT = /<[^>]*>|[^<]+/g;
const ATTRIBUTE = /(\s[^\s="'/>]+)="([^"]*)"/g;

export function fillPlaceholders(html: string, settings: SiteSettings): string {
  // How many <a> elements the walk is inside (sanitised HTML may nest them).
  let linkDepth = 0;
  return html.replace(TAG_OR_TEXT, (token) => {
    if (token.startsWith("<")) {
      if (/^<a[\s>]/i.test(token)) linkDepth++;
      else if (/^<\/a\s*>/i.test(token)) linkDepth = Math.max(0, linkDepth - 1);
      return fillAttributes(token, settings);
    }
    return token.replace(IN_TEXT, (_, name: Placeholder) => (linkDepth > 0 ? escapeHtml(textValue(name, settings)) : textHtml(name, settings)));
  });
}

/** A placeholder's value as a visitor reads it. */
function textValue(name: Placeholder, settings: SiteSettings): string {
  switch (name) {
    case "phone":
      return settings.phone;
    case "email":
      return settings.publicEmail;
    case "business_name":
      return settings.businessName;
    case "service_area":
      return settings.serviceArea;
  }
}

/** A placeholder in running text: the phone and e-mail as links. */
function textHtml(name: Placeholder, settings: SiteSettings): string {
  const text = escapeHtml(textValue(name, settings));
  if (name === "phone") return businessTel(settings) ? `<a href="${escapeHtml(businessTel(settings))}">${text}</a>` : text;
  if (name === "email") return `<a href="mailto:${escapeHtml(settings.publicEmail)}">${text}</a>`;
  return text;
}

/** A placeholder in an address: the number to dial, the address to write to, other values URL-encoded. */
function urlValue(name: Placeholder, settings: SiteSettings): string {
  if (name === "phone") return businessTel(settings).replace(/^tel:/, "");
  if (name === "email") return settings.publicEmail;
  return encodeURIComponent(textValue(name, settings));
}

function fillAttributes(tag: string, settings: SiteSettings): string {
  if (!tag.includes("{") && !/%7[bB]/.test(tag)) return tag;
  return tag.replace(ATTRIBUTE, (whole, name: string, value: string) => {
    const isUrl = URL_ATTRIBUTES.has(name.trim().toLowerCase());
    const filled = isUrl
      ? value.replace(IN_URL, (_, placeholder: Placeholder) => escapeHtml(urlValue(placeholder, settings)))
      : value.replace(IN_TEXT, (_, placeholder: Placeholder) => escapeHtml(textValue(placeholder, settings)));
    return filled === value ? whole : `${name}="${filled}"`;
  });
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
