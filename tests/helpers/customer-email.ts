import { expect } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import type { ReceivedMail } from "./smtp";

/** Every attribute value of the HTML's tags named `tag` (e.g. every <a>'s href), entities decoded. */
function attributes(html: string, tag: string, name: string): string[] {
  const values: string[] = [];
  for (const [element] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "gi"))) {
    const value = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(element)?.[1];
    if (value !== undefined) values.push(decode(value));
  }
  return values;
}

const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

/**
 * What every customer e-mail must be, read from what the SMTP server received
 * (parsed by mailparser): an HTML part and a plain-text part; the HTML with
 * the business's name, phone and logo (a PNG at an absolute URL, with alt
 * text), dark-mode colours and one button (`em-button`) whose link is
 * `page`; no relative link or image anywhere; the text with the link.
 * Returns the HTML's text, tags removed, for further checks.
 */
export function expectCustomerEmail(mail: ReceivedMail, page: string, settings: { businessName: string; phone: string } = SEED_SETTINGS): string {
  expect(mail.text, "a plain-text part").not.toBe("");
  expect(mail.html, "an HTML part").toMatch(/^<!DOCTYPE html>/i);
  const hrefs = attributes(mail.html, "a", "href");
  const srcs = attributes(mail.html, "img", "src");
  for (const url of [...hrefs, ...srcs]) expect(url, "every link and image absolute").toMatch(/^(https?:\/\/[^/\s]+\/|tel:\+\d+$|mailto:)/);
  const buttons = [...mail.html.matchAll(/<a\b[^>]*class="em-button"[^>]*>/g)].map(([a]) => decode(/\shref="([^"]*)"/.exec(a)![1]!));
  expect(buttons, "one button, to the customer's page").toEqual([page]);
  const [logo] = [...mail.html.matchAll(/<img\b[^>]*>/g)].map(([img]) => img);
  expect(logo, "the logo").toBeDefined();
  expect(decode(/\ssrc="([^"]*)"/.exec(logo!)![1]!)).toMatch(/^https?:\/\/[^/]+\/images\/email-logo\.png$/);
  expect(decode(/\salt="([^"]*)"/.exec(logo!)![1]!)).toBe(settings.businessName);
  expect(mail.html).toContain("prefers-color-scheme: dark");
  expect(hrefs).toContain(`tel:+1${settings.phone.replace(/\D/g, "")}`);
  const shown = decode(mail.html.replace(/<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
  expect(shown).toContain(settings.businessName);
  expect(shown).toContain(settings.phone);
  if (!page.startsWith("tel:")) expect(mail.text).toContain(page);
  return shown;
}
