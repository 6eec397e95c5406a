import { Mail, MessageSquare, Phone } from "lucide-react";

const link =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** A phone number as tel:/sms: take it: digits and a leading +. */
export function dialable(phone: string): string {
  const trimmed = phone.trim();
  return (trimmed.startsWith("+") ? "+" : "") + trimmed.replace(/\D/g, "");
}

export function quoteReplyHref(id: number, email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Your quote request #${id}`)}`;
}

/**
 * One tap to answer the customer. The links are named by their visible words
 * only ("Call", "Text", "Email": WCAG 2.5.3); the card or page around them
 * says whom they reach.
 */
export function ContactLinks({ id, phone, email }: { id: number; phone: string; email: string }) {
  const number = dialable(phone);
  return (
    <ul className="flex flex-wrap gap-2">
      <li>
        <a href={`tel:${number}`} className={link}>
          <Phone aria-hidden className="size-4 text-brand-600" />
          Call
        </a>
      </li>
      <li>
        <a href={`sms:${number}`} className={link}>
          <MessageSquare aria-hidden className="size-4 text-brand-600" />
          Text
        </a>
      </li>
      <li>
        <a href={quoteReplyHref(id, email)} className={link}>
          <Mail aria-hidden className="size-4 text-brand-600" />
          Email
        </a>
      </li>
    </ul>
  );
}
