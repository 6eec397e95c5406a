import { Car, Check, MapPin, Sailboat } from "./icons";

// A glass panel summarising both specialties beside the headline on wide screens.
export function HeroPanel() {
  const specialties = [
    { icon: Car, title: "Automotive", items: ["Interior & exterior detailing", "Paint correction", "Ceramic coating"] },
    { icon: Sailboat, title: "Marine", items: ["Wash & wax", "Oxidation removal", "Marine-grade ceramic coating"] },
  ];
  return (
    <div id="hero-panel" className="relative hidden lg:block">
      <div aria-hidden="true" className="absolute -inset-6 rounded-[2.5rem] bg-gradient-to-br from-brand-500/30 to-cyan-400/10 blur-2xl" />
      <div className="relative space-y-4 rounded-[2rem] border border-white/10 bg-white/[0.06] p-6 shadow-2xl backdrop-blur-xl">
        {specialties.map(({ icon: Icon, title, items }) => (
          <div key={title} className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
            <p className="flex items-center gap-3 font-semibold text-white">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-500/15 text-brand-400">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              {title}
            </p>
            <ul className="mt-4 space-y-2 text-sm text-slate-300">
              {items.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <Check aria-hidden="true" className="h-4 w-4 text-brand-400" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <p className="flex items-center gap-3 rounded-2xl bg-brand-600 px-5 py-4 text-sm font-semibold text-white">
          <MapPin aria-hidden="true" className="h-5 w-5" />
          Driveway, office, dock or marina
        </p>
      </div>
    </div>
  );
}
