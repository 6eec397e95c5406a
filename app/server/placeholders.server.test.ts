import { describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import type { SiteSettings } from "~/lib/site-settings";
import { renderMarkdown } from "./markdown.server";
import { fillPlaceholders } from "./placeholders.server";
import { sanitizeRichText } from "./rich-text.server";

const settings: SiteSettings = {
  ...SEED_SETTINGS,
  businessName: "Gleam & Shine <Detailing>",
  phone: "(616) 555-0123",
  phoneE164: "+16165550123",
  publicEmail: "hello@gleam.example",
  serviceArea: "Holland \"and\" the Lakeshore",
};

const fill = (html: string) => fillPlaceholders(html, settings);

describe("fillPlaceholders", () => {
  it("makes {phone} a tel: link and {email} a mailto: link in running text", () => {
    expect(fill("<p>Call {phone} or write to {email}.</p>")).toBe(
      '<p>Call <a href="tel:+16165550123">(616) 555-0123</a> or write to <a href="mailto:hello@gleam.example">hello@gleam.example</a>.</p>',
    );
  });

  it("fills {business_name} and {service_area} as escaped text", () => {
    expect(fill("<p>{business_name} serves {service_area}.</p>")).toBe(
      "<p>Gleam &amp; Shine &lt;Detailing&gt; serves Holland &quot;and&quot; the Lakeshore.</p>",
    );
  });

  it("inside a link, writes the values as text: no link in a link", () => {
    expect(fill('<p><a href="https://example.com/contact">Ask {business_name} at {phone} or <strong>{email}</strong></a> then {phone}</p>')).toBe(
      '<p><a href="https://example.com/contact">Ask Gleam &amp; Shine &lt;Detailing&gt; at (616) 555-0123 or <strong>hello@gleam.example</strong></a> then <a href="tel:+16165550123">(616) 555-0123</a></p>',
    );
  });

  it("in an address, gives the number to dial and the address to write to, braces percent-encoded or not", () => {
    expect(fill('<a href="tel:{phone}">call</a> <a href="mailto:{email}">mail</a>')).toBe(
      '<a href="tel:+16165550123">call</a> <a href="mailto:hello@gleam.example">mail</a>',
    );
    expect(fill('<a href="tel:%7Bphone%7D">call</a><a href="mailto:%7bemail%7d">mail</a>')).toBe(
      '<a href="tel:+16165550123">call</a><a href="mailto:hello@gleam.example">mail</a>',
    );
    expect(fill('<a href="https://example.com/?q={business_name}">x</a>')).toBe(
      '<a href="https://example.com/?q=Gleam%20%26%20Shine%20%3CDetailing%3E">x</a>',
    );
  });

  it("fills other attributes as escaped text", () => {
    expect(fill('<img alt="The {business_name} van" src="https://example.com/van.png" />')).toBe(
      '<img alt="The Gleam &amp; Shine &lt;Detailing&gt; van" src="https://example.com/van.png" />',
    );
  });

  it("leaves unknown words, other spellings and plain braces as written", () => {
    const html = "<p>{Phone} {PHONE} { phone } {address} {} {{phone}} a &lt;b&gt; &amp; c</p>";
    expect(fill(html)).toBe(
      '<p>{Phone} {PHONE} { phone } {address} {} {<a href="tel:+16165550123">(616) 555-0123</a>} a &lt;b&gt; &amp; c</p>',
    );
    expect(fill('<a href="tel:{Phone}">x</a>')).toBe('<a href="tel:{Phone}">x</a>');
  });

  it("never lets a value add markup, however it is written", () => {
    const hostile: SiteSettings = { ...settings, businessName: '"><script>alert(1)</script>', serviceArea: "<img src=x onerror=alert(1)>" };
    const html = fillPlaceholders('<p title="{business_name}">{business_name} {service_area}</p>', hostile);
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it("works on what the FAQ's markdown renders", () => {
    const html = fill(renderMarkdown("Call or text {phone}, [e-mail us](mailto:{email}) or [{email}](mailto:{email}). **{business_name}**"));
    expect(html).toBe(
      '<p>Call or text <a href="tel:+16165550123">(616) 555-0123</a>, ' +
        '<a href="mailto:hello@gleam.example" rel="noopener noreferrer">e-mail us</a> or ' +
        '<a href="mailto:hello@gleam.example" rel="noopener noreferrer">hello@gleam.example</a>. ' +
        "<strong>Gleam &amp; Shine &lt;Detailing&gt;</strong></p>",
    );
  });

  it("works on the rich-text editor's sanitised HTML", () => {
    const html = fill(sanitizeRichText('<p>Questions? <a href="tel:{phone}">{phone}</a> or <em>{email}</em></p>'));
    expect(html).toBe(
      '<p>Questions? <a href="tel:+16165550123" target="_blank" rel="noopener noreferrer">(616) 555-0123</a> or ' +
        '<em><a href="mailto:hello@gleam.example">hello@gleam.example</a></em></p>',
    );
  });

  it("leaves HTML without placeholders as it is", () => {
    const html = '<h2>Wash</h2><p class="ql-align-center">Use a <a href="https://example.com">soap</a> &amp; water.</p>';
    expect(fill(html)).toBe(html);
  });
});
