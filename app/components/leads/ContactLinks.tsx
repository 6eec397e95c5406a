import { Mail, MessageSquare, Phone, type LucideIcon } from "lucide-react";
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
      {phone.tel && <ContactLink href={phone.tel} icon={Phone} label="Call" />}
      {phone.sms && <ContactLink href={phone.sms} icon={MessageSquare} label="Text" />}
      <ContactLink href={quoteReplyHref(id, email)} icon={Mail} label="Email" />
    </ul>
  );
}

function ContactLink({ href, icon: Icon, label }: { href: string; icon: LucideIcon; label: string }) {
  return (
    <li>
      <a href={href} className={link}>
        <Icon aria-hidden className="size-4 text-brand-600" />
        {label}
      </a>
    </li>
  );
}
