import { Phone } from "lucide-react";
import { businessTel } from "~/lib/site-settings";
import { END_OF_PAGE_ID } from "./PublicLayout";
import { SiteLogo } from "./SiteLogo";
import { focusRing } from "./styles";
import { useSiteSettings } from "./use-site-settings";

const WIDTHS = { narrow: "max-w-2xl", wide: "max-w-3xl" } as const;

/**
 * The customer's private pages (estimate, invoice, appointment, review): the
 * business's logo and the phone to call above the page's own content, painted
 * once the whole page is parsed, as every public page is (PublicLayout,
 * docs/decisions/0019).
 */
export function CustomerPageShell({ width, children }: { width: keyof typeof WIDTHS; children: React.ReactNode }) {
  const settings = useSiteSettings();
  const max = WIDTHS[width];
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      {/* React puts it in the head. */}
      <link rel="expect" href={`#${END_OF_PAGE_ID}`} blocking="render" />
      <header className="border-b border-slate-200 bg-white">
        <div className={`mx-auto flex ${max} flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6`}>
          <SiteLogo onLight />
          <a href={businessTel(settings) || undefined} className={`inline-flex items-center gap-2 rounded font-semibold whitespace-nowrap text-brand-700 ${focusRing}`}>
            <Phone aria-hidden className="size-4" />
            {settings.phone}
          </a>
        </div>
      </header>
      <main className={`mx-auto ${max} space-y-6 px-4 py-8 sm:px-6`}>{children}</main>
    </div>
  );
}

/** The business's phone as a link within a sentence ("or call us at …"), never broken over two lines. */
export function CallLink() {
  const settings = useSiteSettings();
  return (
    <a href={businessTel(settings) || undefined} className={`rounded font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 ${focusRing}`}>
      {settings.phone}
    </a>
  );
}

/**
 * A customer's page's head: its title, a description for a link preview in a
 * chat or mail app, never indexed all the same, and no referrer carrying the
 * page's token to another site.
 */
export function customerPageMeta(title: string, description: string) {
  return [{ title }, { name: "description", content: description }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "same-origin" }];
}
