import { describe, expect, it } from "vitest";
import { renderCustomerEmail, type CustomerEmail } from "./customer-email.server";

const settings = { businessName: "Shine On Wheels Mobile Detailing", phone: "(616) 555-0142", phoneE164: "+16165550142", phoneExt: "", serviceArea: "Grand Rapids" };
const email = (ownerMessage?: string): CustomerEmail => ({
  name: "Alice Carter",
  ownerMessage,
  settings,
  blocks: [
    { paragraph: "Your estimate #1001 comes to $249.00." },
    { table: { rows: [{ label: "Interior detail", value: "$249.00" }, { label: "Total", value: "$249.00", strong: true }] } },
    { button: { label: "View Your Estimate", href: "https://shine.example/estimates/abc", intro: "See it here:" } },
  ],
});

describe("one greeting", () => {
  it("is ours, by the first name, when the owner's message has none", () => {
    expect(renderCustomerEmail(email()).text).toMatch(/^Hi Alice,\n\nYour estimate #1001/);
    expect(renderCustomerEmail(email("Thanks for choosing us!")).text).toMatch(/^Hi Alice,\n\nThanks for choosing us!\n\nYour estimate/);
  });

  it("is the owner's when their message opens with one", () => {
    for (const message of ["Hi Alice, great to meet you.", "Hello Alice,\nhere it is.", "Dear Ms. Carter,", "good morning Alice!", "Hey there"]) {
      const { text, html } = renderCustomerEmail(email(message));
      expect(text.startsWith(`${message}\n\nYour estimate`), message).toBe(true);
      expect(html).not.toContain("Hi Alice,</p>");
    }
    // A word that only starts like one is not a greeting.
    expect(renderCustomerEmail(email("Highlights: the wheels came out great.")).text).toMatch(/^Hi Alice,\n\nHighlights/);
  });
});

describe("the two parts", () => {
  it("say the same: the table's rows and the button's link are in both", () => {
    const { text, html } = renderCustomerEmail(email());
    expect(text).toContain("Interior detail: $249.00\nTotal:           $249.00");
    expect(text).toContain("See it here:\nhttps://shine.example/estimates/abc");
    expect(text.endsWith("Shine On Wheels Mobile Detailing · (616) 555-0142\nGrand Rapids")).toBe(true);
    expect(html).toMatch(/<a[^>]*href="https:\/\/shine\.example\/estimates\/abc"[^>]*class="em-button"|<a[^>]*class="em-button"[^>]*href="https:\/\/shine\.example\/estimates\/abc"/);
    expect(html).toContain('src="https://shine.example/images/email-logo.png"');
    expect(html).toContain('href="tel:+16165550142"');
  });

  it("has no logo and no site link without an origin (no APP_URL, e-mails only logged): never a relative one", () => {
    const { html } = renderCustomerEmail({ ...email(), blocks: [{ paragraph: "Hello." }] });
    expect(html).not.toMatch(/(href|src)="\//);
    expect(html).not.toContain("<img");
  });

  it("renders in a few milliseconds: it runs inside the transaction that queues it", () => {
    renderCustomerEmail(email());
    const runs = 50;
    const started = performance.now();
    for (let i = 0; i < runs; i++) renderCustomerEmail(email("Thanks!"));
    const mean = (performance.now() - started) / runs;
    console.log(`[customer e-mail] render ${mean.toFixed(2)} ms each (React's development build here; ~1-2 ms in production)`);
    // Generous for a busy two-core machine running the development build.
    expect(mean).toBeLessThan(100);
  });
});
