/** The eyebrow, heading and intro that open each home-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  dark = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
  dark?: boolean;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className={`text-sm font-semibold uppercase tracking-[0.2em] ${dark ? "text-brand-400" : "text-brand-600"}`}>{eyebrow}</p>
      <h2 id={id} className={`mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl ${dark ? "text-white" : "text-ink-900"}`}>
        {title}
      </h2>
      {children && <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-slate-300" : "text-slate-600"}`}>{children}</p>}
    </div>
  );
}

/** Classes every home-page section shares: spacing, and room for the fixed header when scrolled to. */
export const sectionClass = "scroll-mt-16 py-20 focus:outline-none sm:py-28 md:scroll-mt-20";
