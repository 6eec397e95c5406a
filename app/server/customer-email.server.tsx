import { Body, Button, Column, Container, Head, Hr, Html, Img, Link, Preview, Row, Section, Text } from "@react-email/components";
import { renderToStaticMarkup } from "react-dom/server";
import { formatCents } from "~/lib/money";
import { businessTel, type BusinessSettings } from "~/lib/site-settings";

/**
 * Every e-mail to a customer, drawn one way (docs/decisions/0099): the
 * business's logo, name and colours, a greeting, paragraphs, small tables
 * (when and where; a job's work), one button to the customer's page, and a footer with the
 * phone. The HTML part is react-email's components rendered by React's own
 * synchronous renderer (no Suspense here, so @react-email/render's streaming
 * and prettier add nothing but time); the plain-text part is written from the
 * same blocks, not converted from the HTML.
 */

export type Block =
  | { paragraph: string }
  /** Rows of label and value (lines, payments, when and where); `strong` for a total. */
  | { table: { caption?: string; rows: { label: string; value: string; strong?: boolean }[] } }
  /** The one button; `intro` is the line before it (the text part puts the link under it). */
  | { button: { label: string; href: string; intro?: string } }
  /** A captioned list of entries (the owner's daily e-mail: jobs, requests, invoices), each a title, lines and links; `empty` when there are none. */
  | { list: { caption: string; items: ListItem[]; empty: string } };

export interface ListItem {
  title: string;
  lines: string[];
  /** Absolute links only (a relative one means nothing in a mail app): the text part writes each under the item. */
  links: { label: string; href: string }[];
}

export interface CustomerEmail {
  /** The customer's full name: greeted by the first name. */
  name: string;
  /** The owner's own words (an estimate's or invoice's Message to Customer): first, and its greeting replaces ours. */
  ownerMessage?: string;
  blocks: Block[];
  settings: Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt"> & { serviceArea?: string };
  /** The site's origin for the logo and the header's link; taken from the button's link when not given. */
  origin?: string;
  /** Not a transaction (review request, reminder): the one-click unsubscribe link. */
  unsubscribe?: string;
}

export const LOGO_PATH = "/images/email-logo.png";

// The site's theme (app/styles/theme.css): brand-700 on white is 7:1, white on it too.
const COLOURS = { brand: "#0359a1", navy: "#111a2e", ink: "#0f172a", muted: "#475569", line: "#e2e8f0", page: "#f1f5f9" };

/** "Hi", "Hello", "Dear", "Good morning": the owner greeted the customer already. */
const GREETING = /^\s*(hi|hello|hey|hiya|dear|greetings|good (morning|afternoon|evening))\b/i;

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** One greeting: the owner's, when their message opens with one, else "Hi {first name},". */
function opening(email: CustomerEmail): string[] {
  const message = email.ownerMessage?.trim();
  if (message && GREETING.test(message)) return [message];
  return [`Hi ${firstName(email.name)},`, ...(message ? [message] : [])];
}

function originOf(email: CustomerEmail): string | undefined {
  if (email.origin) return email.origin;
  const button = email.blocks.find((b) => "button" in b);
  const href = button && "button" in button ? button.button.href : "";
  return /^https?:\/\//.test(href) ? new URL(href).origin : undefined;
}

export function renderCustomerEmail(email: CustomerEmail): { html: string; text: string } {
  return { html: html(email), text: text(email) };
}

/** A priced document's lines (an estimate's, an invoice's) and its tax and total, as one table block. */
export function pricedLines(doc: { lines: { description: string; quantity: number; unitPriceCents: number }[]; taxCents: number; totalCents: number }): Block {
  return {
    table: {
      rows: [
        ...doc.lines.map((l) => ({ label: l.quantity === 1 ? l.description : `${l.description} × ${l.quantity}`, value: formatCents(l.quantity * l.unitPriceCents) })),
        ...(doc.taxCents ? [{ label: "Tax", value: formatCents(doc.taxCents) }] : []),
        { label: "Total", value: formatCents(doc.totalCents), strong: true },
      ],
    },
  };
}

function text(email: CustomerEmail): string {
  const out: string[] = [];
  for (const part of opening(email)) out.push(part, "");
  for (const block of email.blocks) {
    const lines = textOf(block);
    if (lines.length) out.push(...lines, "");
  }
  // The footer as the HTML's: the name and the phone to call.
  out.push(`${email.settings.businessName} · ${email.settings.phone}`);
  if (email.settings.serviceArea) out.push(email.settings.serviceArea);
  if (email.unsubscribe) out.push("", "Rather not get e-mails like this one? Unsubscribe with one click:", email.unsubscribe);
  return out.join("\n");
}

function textOf(block: Block): string[] {
  if ("paragraph" in block) return [block.paragraph];
  if ("list" in block) {
    const { caption, items, empty } = block.list;
    if (!items.length) return [caption, empty];
    return [caption, ...items.flatMap((item) => ["", `- ${item.title}`, ...item.lines.map((l) => `  ${l}`), ...item.links.map((l) => `  ${l.label}: ${l.href}`)])];
  }
  if ("button" in block) {
    const { intro, label, href } = block.button;
    // A phone button repeats the number the text gives already.
    if (href.startsWith("tel:")) return intro ? [intro] : [];
    return [intro ?? `${label}:`, href];
  }
  const { caption, rows } = block.table;
  const width = Math.max(...rows.map((r) => r.label.length)) + 2;
  return [...(caption ? [caption] : []), ...rows.map((r) => `${`${r.label}:`.padEnd(width)}${r.value}`)];
}

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const paragraphStyle = { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", color: COLOURS.ink, whiteSpace: "pre-line" as const };

// Mail apps that honour prefers-color-scheme (Apple Mail, Outlook on the web and
// phones) get dark colours; the others invert or keep the light ones, which the
// brand button and the logo's own dark square read well in either way.
const DARK_MODE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .em-page, .em-page > table > tbody > tr > td { background-color: #0b1220 !important; }
  .em-card { background-color: #162036 !important; }
  .em-text, .em-text td { color: #e2e8f0 !important; }
  .em-text td { border-color: #334155 !important; }
  .em-muted, .em-muted a { color: #94a3b8 !important; }
  .em-link { color: #7cc4fa !important; }
}
@media only screen and (max-width: 620px) {
  .em-card { padding: 20px 16px !important; }
}`;

function html(email: CustomerEmail): string {
  const { businessName, phone, serviceArea } = email.settings;
  const origin = originOf(email);
  const preview = email.blocks.find((b): b is { paragraph: string } => "paragraph" in b)?.paragraph ?? businessName;
  const markup = renderToStaticMarkup(
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="em-page" style={{ backgroundColor: COLOURS.page, margin: 0, padding: "24px 0", fontFamily: font }}>
        <Container style={{ maxWidth: "600px", width: "100%" }}>
          <Section style={{ backgroundColor: COLOURS.navy, borderRadius: "12px 12px 0 0", padding: "16px 24px" }}>
            <Row>
              {origin && (
                <Column style={{ width: "48px" }}>
                  <Link href={`${origin}/`}>
                    <Img src={`${origin}${LOGO_PATH}`} width="40" height="40" alt={businessName} style={{ borderRadius: "10px" }} />
                  </Link>
                </Column>
              )}
              <Column>
                <Text style={{ color: "#ffffff", fontSize: "18px", fontWeight: 800, margin: 0 }}>
                  {origin ? (
                    <Link href={`${origin}/`} style={{ color: "#ffffff" }}>
                      {businessName}
                    </Link>
                  ) : (
                    businessName
                  )}
                </Text>
              </Column>
            </Row>
          </Section>
          <Section className="em-card em-text" style={{ backgroundColor: "#ffffff", padding: "28px 32px", borderRadius: "0 0 12px 12px" }}>
            {opening(email).map((part, i) => (
              <Text key={`o${i}`} className="em-text" style={paragraphStyle}>
                {part}
              </Text>
            ))}
            {email.blocks.map((block, i) => (
              <HtmlBlock key={i} block={block} />
            ))}
            <Hr style={{ borderColor: COLOURS.line, margin: "24px 0 16px" }} />
            <Text className="em-muted" style={{ fontSize: "14px", lineHeight: "20px", color: COLOURS.muted, margin: 0 }}>
              <strong>{businessName}</strong>
              {" · "}
              <Link className="em-link" href={businessTel(email.settings) || undefined} style={{ color: COLOURS.brand, fontWeight: 600 }}>
                {phone}
              </Link>
              {serviceArea ? ` · ${serviceArea}` : ""}
            </Text>
            {email.unsubscribe && (
              <Text className="em-muted" style={{ fontSize: "13px", lineHeight: "18px", color: COLOURS.muted, margin: "12px 0 0" }}>
                Rather not get e-mails like this one?{" "}
                <Link className="em-link" href={email.unsubscribe} style={{ color: COLOURS.brand }}>
                  Unsubscribe
                </Link>
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>,
  );
  return `<!DOCTYPE html>${markup}`;
}

function HtmlBlock({ block }: { block: Block }) {
  if ("paragraph" in block)
    return (
      <Text className="em-text" style={paragraphStyle}>
        {block.paragraph}
      </Text>
    );
  if ("list" in block) return <HtmlList {...block.list} />;
  if ("button" in block) {
    const { label, href, intro } = block.button;
    return (
      <Section style={{ margin: "8px 0 24px" }}>
        {intro && (
          <Text className="em-text" style={paragraphStyle}>
            {intro}
          </Text>
        )}
        <Button
          className="em-button"
          href={href}
          style={{ backgroundColor: COLOURS.brand, color: "#ffffff", borderRadius: "8px", padding: "14px 24px", fontSize: "16px", fontWeight: 700, textDecoration: "none" }}
        >
          {label}
        </Button>
      </Section>
    );
  }
  const { caption, rows } = block.table;
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {caption && (
        <Text className="em-text" style={{ ...paragraphStyle, fontWeight: 700, margin: "0 0 8px" }}>
          {caption}
        </Text>
      )}
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} className="em-text" style={{ borderCollapse: "collapse", fontSize: "15px", lineHeight: "22px", color: COLOURS.ink }}>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <td style={{ padding: "8px 12px 8px 0", borderTop: `1px solid ${COLOURS.line}`, fontWeight: row.strong ? 700 : 400, verticalAlign: "top" }}>{row.label}</td>
              <td align="right" style={{ padding: "8px 0", borderTop: `1px solid ${COLOURS.line}`, fontWeight: row.strong ? 700 : 400, verticalAlign: "top" }}>
                {row.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function HtmlList({ caption, items, empty }: { caption: string; items: ListItem[]; empty: string }) {
  const small = { fontSize: "15px", lineHeight: "22px", margin: 0, color: COLOURS.ink };
  return (
    <Section style={{ margin: "0 0 20px" }}>
      <Text className="em-text" style={{ ...paragraphStyle, fontWeight: 700, margin: "0 0 8px" }}>
        {caption}
      </Text>
      {!items.length && (
        <Text className="em-muted" style={{ ...small, color: COLOURS.muted }}>
          {empty}
        </Text>
      )}
      {items.map((item, i) => (
        <Section key={i} style={{ borderTop: `1px solid ${COLOURS.line}`, padding: "8px 0" }}>
          <Text className="em-text" style={{ ...small, fontWeight: 700 }}>
            {item.title}
          </Text>
          {item.lines.map((line, j) => (
            <Text key={j} className="em-text" style={small}>
              {line}
            </Text>
          ))}
          {item.links.length > 0 && (
            <Text className="em-text" style={small}>
              {item.links.map((link, j) => (
                <span key={j}>
                  {j > 0 && " · "}
                  <Link className="em-link" href={link.href} style={{ color: COLOURS.brand, fontWeight: 600 }}>
                    {link.label}
                  </Link>
                </span>
              ))}
            </Text>
          )}
        </Section>
      ))}
    </Section>
  );
}
