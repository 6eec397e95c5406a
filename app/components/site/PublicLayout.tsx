import { deferredSection } from "./deferred-section";
import { SiteFooter as SiteFooterNow } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

// Below the fold on every page: its code loads as the visitor nears it (docs/decisions/0061).
const SiteFooter = deferredSection("site-footer", import.meta.env.SSR ? SiteFooterNow : null, () =>
  import("./SiteFooter").then((m) => m.SiteFooter),
);

/** Header, main landmark (the skip link's target) and footer of every public page. */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
