import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/**
 * The element after the page's content and scripts (app/root.tsx). A public
 * page is not painted until the browser has parsed it (`<link rel="expect"
 * blocking="render">`), so the page is styled and laid out once, before its
 * first paint, rather than again for each piece of HTML parsed after it: that
 * work would otherwise be long tasks while the visitor is already reading and
 * tapping (docs/decisions/0019).
 */
export const END_OF_PAGE_ID = "end-of-page";

/** Header, main landmark (the skip link's target) and footer of every public page. */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {/* React puts this in the head: see END_OF_PAGE_ID. */}
      <link rel="expect" href={`#${END_OF_PAGE_ID}`} blocking="render" />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
