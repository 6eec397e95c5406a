import { Mail, MessageSquare, Phone } from "lucide-react";
import type { PhoneView } from "~/lib/phone";

const link =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export function quoteReplyHref(id: number, email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Your quote request #${id}`)}`;
}

/**
 * One tap to answer the customer. The links are named by their visible words
 * only ("Call", "Text", "Email": WCAG 2.5.3); the card or page around them
 * says whom they reach. Call and Text dial the phone's number (E.164, an
 * extension as `;ext=`; docs/decisions/0108), and are left out for a phone
 * that is not a number: no link beats a wrong one.
 */
export function ContactLinks({ id, phone, email }: { id: number; phone: PhoneView; email: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {phone.tel && (
        <li>
          <a href={phone.tel} className={link}>
            <Phone aria-hidden className="size-4 text-brand-600" />
            Call
          </a>
        </li>
      )}
      {phone.sms && (
        <li>
          <a href={phone.sms} className={link}>
            <MessageSquare aria-hidden className="size-4 text-brand-600" />
            Text
          </a>
        </li>
      )}
      <li>
        <a href={quoteReplyHref(id, email)} className={link}>
          <Mail aria-hidden className="size-4 text-brand-600" />
          Email
        </a>
      </li>
    </ul>
  );
}
